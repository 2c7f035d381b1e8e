// Synthetic patients for bench/patients.mjs: N rows written by INSERT … SELECT … FROM generate_series
// in batches, inside the database (no rows cross the wire). Names combine Spanish and English first
// names and surnames, with accents and apostrophes (José Núñez Gómez, Mary O'Brien); every enum value
// occurs; about 1 % of the records are archived (deleted_at set), so the partial indexes matter.
// `name_search` is patient_search_key(name) (lower case, no accents, no apostrophes), as the repository keeps it.

// prettier-ignore
export const ES_FIRST = [
  'José', 'María', 'Juan', 'Ana', 'Luis', 'Carmen', 'Jesús', 'Lucía', 'Carlos', 'Elena', 'Miguel', 'Sofía',
  'Pedro', 'Laura', 'Javier', 'Isabel', 'Diego', 'Paula', 'Andrés', 'Marta', 'Raúl', 'Inés', 'Álvaro',
  'Begoña', 'Íñigo', 'Ramón', 'Concepción', 'Joaquín', 'Rocío', 'Sebastián', 'Nuria', 'Óscar', 'Beatriz',
  'Fernando', 'Pilar', 'Rubén', 'Mónica', 'Adrián', 'Cristina', 'Hugo', 'Alejandro', 'Verónica', 'Ángel',
  'Dolores', 'Martín', 'Noelia', 'Tomás', 'Guadalupe', 'Víctor', 'Yolanda', 'Gonzalo', 'Aitana', 'Rafael',
  'Mercedes', 'Ignacio', 'Susana', 'Agustín', 'Esperanza', 'Nicolás', 'Julia',
];
// Compound first names, as common in Spanish ("María José", "Juan Carlos").
// prettier-ignore
export const ES_SECOND = [
  'José', 'Carmen', 'Luisa', 'Carlos', 'Antonio', 'Ángeles', 'Manuel', 'Jesús', 'Pilar', 'Ignacio',
];
// prettier-ignore
export const ES_SURNAMES = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez',
  'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina',
  'Morales', 'Suárez', 'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez', 'Iglesias',
  'Medina', 'Garrido', 'Cortés', 'Castillo', 'Santos', 'Lozano', 'Guerrero', 'Cano', 'Prieto', 'Méndez',
  'Cruz', 'Calvo', 'Gallego', 'Vidal', 'León', 'Márquez', 'Herrera', 'Peña', 'Flores', 'Cabrera', 'Campos',
  'Vega', 'Fuentes', 'Carrasco', 'Díez', 'Caballero', 'Reyes', 'Nieto', 'Aguilar', 'Pascual', 'Santana',
  'Herrero', 'Montero', 'Lorenzo', 'Hidalgo', 'Giménez', 'Ibáñez', 'Ferrer', 'Durán', 'Santiago', 'Benítez',
  'Mora', 'Vicente', 'Vargas', 'Arias', 'Carmona', 'Crespo', 'Román', 'Pastor', 'Soto', 'Sáez', 'Velasco',
  'Moya', 'Soler', 'Parra', 'Esteban', 'Bravo', 'Gallardo', 'Rojas', 'Gonzales', 'Echeverría', 'Peñalver',
  'de la Fuente', 'del Río', 'Muñiz', 'Zúñiga', 'Ordóñez', 'Quiñones', 'Báez', 'Saldaña', 'Úbeda',
];
// prettier-ignore
export const EN_FIRST = [
  'John', 'Mary', 'James', 'Linda', 'Robert', 'Susan', 'David', 'Karen', 'Daniel', 'Nancy', 'Michael',
  'Patricia', 'William', 'Jennifer', 'Richard', 'Elizabeth', 'Thomas', 'Barbara', 'Charles', 'Jessica',
  'Christopher', 'Sarah', 'Matthew', 'Margaret', 'Anthony', 'Emily', 'Mark', 'Hannah', 'Steven', 'Olivia',
  'Seán', 'Zoë', 'Chloé', 'Renée', 'Noël', 'Siobhán',
];
// prettier-ignore
export const EN_SURNAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor',
  'Thomas', 'Moore', 'Jackson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young',
  "O'Brien", "O'Connor", "O'Neill", 'McDonald', 'MacLeod', 'Smith-Jones', 'Fitzgerald', 'Murphy', 'Kelly',
  'Sullivan', 'Brontë', 'Nuñez', 'Lopez', 'Garcia', 'Gonzalez', 'Martinez',
];
// prettier-ignore
const SYMPTOMS = [
  'lumbalgia', 'cervicalgia', 'migraña', 'fatiga', 'insomnio', 'rigidez matutina', 'dolor neuropático',
  'hormigueo', 'low back pain', 'knee pain', 'headache', 'shoulder pain',
];
// prettier-ignore
const MEDICATIONS = [
  'paracetamol 1 g', 'ibuprofeno 600 mg', 'pregabalina 75 mg', 'duloxetina 60 mg', 'tramadol 50 mg',
  'amitriptilina 25 mg',
];
const ALLERGIES = ['penicilina', 'AINEs', 'látex', 'sulfamidas', 'codeína'];
// prettier-ignore
const HISTORY = [
  'Hipertensión arterial controlada.', 'Fibromialgia diagnosticada hace 5 años.',
  'Artrosis de rodilla bilateral.', 'Post-operative follow-up after lumbar fusion.',
  'Diabetes mellitus tipo 2.', 'No relevant history.',
];

/** Terms typed into the search box: lowercase, no accents, some misspelt, some partial, two-word. */
// prettier-ignore
export const SEARCH_TERMS = [
  'gonzales', 'gonzalez', 'jose', 'nunez', 'maria lopez', 'obrien', "o'brien", 'garcia', 'garsia',
  'rodrigues', 'fernandez', 'lopez', 'martinez', 'perez', 'gomez', 'sanchez', 'jimenez', 'hernandez',
  'alvarez', 'munoz', 'maria jose', 'juan carlos', 'inigo', 'inigo ordonez', 'begona', 'sofia',
  'lucia martin', 'raul', 'carmen', 'angel', 'echeverria', 'zuniga', 'ibanez', 'pena', 'de la fuente',
  'del rio', 'smith', 'mcdonald', 'murphy', 'siobhan', 'zoe', 'bronte', 'john smith', 'mary', 'jennifer',
  'williams', 'fitzgerald', 'elena castro', 'javier ruiz', 'quinones',
];

// prettier-ignore
const CATEGORIES = [
  'chronic_pain', 'post_surgery', 'preventive_care', 'acute_condition', 'rehabilitation', 'geriatric',
  'pediatric', 'mental_health', 'other',
];
const STATUSES = ['new', 'in_treatment', 'follow_up', 'discharged', 'inactive'];

/**
 * One batch: rows [from, to]. Parameters: $1 from, $2 to, $3–$7 name arrays, $8 symptoms,
 * $9 medications, $10 allergies, $11 history, $12 specialist id (or null), $13 admin id (or null),
 * $14 categories, $15 statuses. random() sits in a subquery's select list, which PostgreSQL never
 * flattens (volatile), so each row draws its own numbers.
 */
const INSERT_BATCH = `
insert into patient (name, name_search, birth_date, gender, category, priority, status, contact_number, email,
  symptoms, medical_history, current_medications, allergies, assigned_specialist_id, created_by,
  created_at, updated_at, deleted_at)
select name, patient_search_key(name), birth_date, gender, category, priority, status, contact_number, email,
  symptoms, medical_history, current_medications, allergies, assigned_specialist_id, created_by,
  created_at, created_at + (now() - created_at) * r_upd, case when r_del < 0.01 then now() end
from (
  select *,
    case when r_lang < 0.72 then
      ($3::text[])[1 + floor(r_f * cardinality($3::text[]))::int]
      || case when r_cmp < 0.15 then ' ' || ($4::text[])[1 + floor(r_f2 * cardinality($4::text[]))::int] else '' end
      || ' ' || ($5::text[])[1 + floor(r_s1 * cardinality($5::text[]))::int]
      || ' ' || ($5::text[])[1 + floor(r_s2 * cardinality($5::text[]))::int]
    else
      ($6::text[])[1 + floor(r_f * cardinality($6::text[]))::int]
      || ' ' || ($7::text[])[1 + floor(r_s1 * cardinality($7::text[]))::int]
    end as name,
    date '1925-01-01' + floor(r_birth * 36000)::int as birth_date,
    case when r_gen < 0.49 then 'female' when r_gen < 0.97 then 'male' else 'other' end as gender,
    ($14::text[])[1 + floor(r_cat * 9)::int] as category,
    case when r_pri < 0.2 then 'high' when r_pri < 0.6 then 'medium' else 'low' end as priority,
    ($15::text[])[1 + floor(r_st * 5)::int] as status,
    case when r_tel < 0.85 then '+34 6' || lpad(floor(r_tel * 1e8)::bigint::text, 8, '0') end as contact_number,
    case when r_mail < 0.6 then 'patient' || g || '@example.org' end as email,
    case when r_sym < 0.3 then '{}'::text[]
      else array[($8::text[])[1 + floor(r_sym * cardinality($8::text[]))::int], ($8::text[])[1 + floor(r_f2 * cardinality($8::text[]))::int]] end as symptoms,
    case when r_his < 0.5 then ($11::text[])[1 + floor(r_his * 2 * cardinality($11::text[]))::int] end as medical_history,
    case when r_med < 0.4 then '{}'::text[] else array[($9::text[])[1 + floor(r_med * cardinality($9::text[]))::int]] end as current_medications,
    case when r_all < 0.8 then '{}'::text[] else array[($10::text[])[1 + floor((r_all - 0.8) * 5 * cardinality($10::text[]))::int]] end as allergies,
    case when r_spec < 0.55 then $12::text when r_spec < 0.65 then $13::text end as assigned_specialist_id,
    case when r_spec < 0.9 then coalesce($12::text, $13::text) end as created_by,
    now() - r_cre * interval '3650 days' as created_at
  from (
    select g, random() r_lang, random() r_f, random() r_f2, random() r_cmp, random() r_s1, random() r_s2,
      random() r_birth, random() r_gen, random() r_cat, random() r_pri, random() r_st, random() r_tel,
      random() r_mail, random() r_sym, random() r_his, random() r_med, random() r_all, random() r_spec,
      random() r_cre, random() r_upd, random() r_del
    from generate_series($1::int, $2::int) g
  ) r
) p`;

/**
 * Fills `patient` with n rows through `query` (one connection: pg.Client or a pool of one). The
 * secondary indexes are dropped first and rebuilt afterwards from their own definitions (faster than
 * maintaining a trigram GIN row by row); then VACUUM ANALYZE, as autovacuum would do on PostgreSQL.
 * Returns timings in ms.
 */
export async function generatePatients(
  query,
  n,
  { batch = 100_000, maintenanceWorkMem = '256MB', log = () => {} } = {},
) {
  const t0 = performance.now();
  const users = (
    await query(
      `select id, role from "user" where role in ('specialist', 'admin') order by created_at`,
    )
  ).rows;
  const specialist = users.find((u) => u.role === 'specialist')?.id ?? null;
  const admin = users.find((u) => u.role === 'admin')?.id ?? null;
  const indexes = (
    await query(
      `select i.indexname, i.indexdef from pg_indexes i
        join pg_class c on c.relname = i.indexname
        join pg_index x on x.indexrelid = c.oid
       where i.schemaname = 'public' and i.tablename = 'patient' and not x.indisprimary
         and not exists (select 1 from pg_constraint k where k.conindid = c.oid)`,
    )
  ).rows;
  for (const { indexname } of indexes) await query(`drop index "${indexname}"`);
  await query('select setseed(0.42)');
  for (let from = 1; from <= n; from += batch) {
    const to = Math.min(n, from + batch - 1);
    await query(INSERT_BATCH, [
      from,
      to,
      ES_FIRST,
      ES_SECOND,
      ES_SURNAMES,
      EN_FIRST,
      EN_SURNAMES,
      SYMPTOMS,
      MEDICATIONS,
      ALLERGIES,
      HISTORY,
      specialist,
      admin,
      CATEGORIES,
      STATUSES,
    ]);
    log(
      `  inserted ${to.toLocaleString('en')} rows (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  const tInsert = performance.now();
  await query(`set maintenance_work_mem = '${maintenanceWorkMem}'`);
  for (const { indexname, indexdef } of indexes) {
    await query(indexdef);
    log(`  index ${indexname} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  await query('reset maintenance_work_mem');
  const tIndex = performance.now();
  await query('vacuum (analyze) patient');
  const tEnd = performance.now();
  return {
    insertMs: tInsert - t0,
    indexMs: tIndex - tInsert,
    vacuumMs: tEnd - tIndex,
    totalMs: tEnd - t0,
  };
}

/** The opaque list cursor for sort=name after row `k` (1-based) of the live rows ordered by (name_search, id). */
export async function nameCursorAt(query, k) {
  const { rows } = await query(
    'select name_search, id from patient where deleted_at is null order by name_search, id offset $1 limit 1',
    [k - 1],
  );
  if (!rows[0]) throw new Error(`no row ${k}`);
  return {
    cursor: Buffer.from(JSON.stringify([rows[0].name_search, rows[0].id])).toString('base64url'),
    after: rows[0],
  };
}

/** `count` random ids of live patients (about uniformly spread over the table). */
export async function randomIds(query, count) {
  const { rows } = await query(
    'select id from patient where deleted_at is null order by random() limit $1',
    [count],
  );
  return rows.map((r) => r.id);
}

export async function tableFacts(query) {
  const { rows } = await query(
    `select (select count(*) from patient)::int as rows,
            (select count(*) from patient where deleted_at is null)::int as live,
            pg_size_pretty(pg_total_relation_size('patient')) as total_size,
            pg_size_pretty(pg_relation_size('patient')) as heap_size`,
  );
  const indexes = await query(
    `select indexname, pg_size_pretty(pg_relation_size(format('%I', indexname)::regclass)) as size
       from pg_indexes where schemaname = 'public' and tablename = 'patient' order by indexname`,
  );
  return {
    ...rows[0],
    indexes: Object.fromEntries(indexes.rows.map((r) => [r.indexname, r.size])),
  };
}
