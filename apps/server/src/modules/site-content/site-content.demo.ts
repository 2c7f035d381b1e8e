/**
 * The public site's demo content (SEED_DEMO): a pain clinic in Madrid, its four specialists, seven
 * posts, seven testimonials with recorded consent (one withdrawn, so it never shows), the texts of the
 * two service pages and of the Cero Dolor community page, in Spanish and English.
 */

export const DEMO_CLINIC = {
  street: 'Calle de Santa Engracia 45, 2.º',
  postalCode: '28010',
  city: 'Madrid',
  region: 'Comunidad de Madrid',
  country: 'ES',
  phone: '+34 915 550 123',
  email: 'recepcion@painlab.example',
  hoursEs: [
    'Lunes a jueves: 9:00–19:00',
    'Viernes: 9:00–15:00',
    'Sábados, domingos y festivos: cerrado',
  ],
  hoursEn: [
    'Monday to Thursday: 9:00–19:00',
    'Friday: 9:00–15:00',
    'Weekends and public holidays: closed',
  ],
  openingHours: ['Mo-Th 09:00-19:00', 'Fr 09:00-15:00'],
  mapUrl:
    'https://www.openstreetmap.org/search?query=Calle%20de%20Santa%20Engracia%2045%2C%20Madrid',
};

export interface DemoSpecialist {
  slug: string;
  name: string;
  credentials: string;
  roleEs: string;
  roleEn: string;
  initials: string;
  specialtiesEs: string[];
  specialtiesEn: string[];
  languages: string[];
  qualifications: string[];
  bioEs: string;
  bioEn: string;
  /** Linked to the demo specialist's account. */
  linkDemoAccount?: boolean;
}

export const DEMO_SPECIALISTS: DemoSpecialist[] = [
  {
    slug: 'sofia-herrera',
    name: 'Dra. Sofía Herrera Lozano',
    credentials: 'MD',
    roleEs: 'Médica especialista en Anestesiología y Tratamiento del Dolor',
    roleEn: 'Physician in anaesthesiology and pain medicine',
    initials: 'SH',
    specialtiesEs: [
      'Dolor lumbar crónico',
      'Dolor neuropático',
      'Fibromialgia',
      'Revisión de medicación',
    ],
    specialtiesEn: [
      'Chronic low back pain',
      'Neuropathic pain',
      'Fibromyalgia',
      'Medication review',
    ],
    languages: ['es', 'en'],
    qualifications: [
      'Licenciada en Medicina, Universidad Complutense de Madrid',
      'Especialista en Anestesiología y Reanimación (MIR), Hospital Universitario La Paz',
      'Máster en Tratamiento del Dolor, Universidad de Salamanca',
    ],
    bioEs: `Sofía dirige la unidad médica de la clínica. Después de doce años en la unidad del dolor de un hospital público, decidió trabajar con más tiempo por paciente: la primera visita dura una hora y el plan se escribe con la persona, no para ella.

Su trabajo diario es **revisar tratamientos** que se han ido acumulando con los años, retirar lo que no ayuda y ajustar lo que sí, y coordinar al equipo para que el ejercicio y la psicología del dolor formen parte del plan desde el principio.

Atiende en español y en inglés.`,
    bioEn: `Sofía leads the clinic's medical team. After twelve years in a public hospital's pain unit, she chose to work with more time per patient: a first visit lasts an hour, and the plan is written with the person, not for them.

Her daily work is **reviewing treatments** that have piled up over the years, stopping what does not help and adjusting what does, and coordinating the team so that exercise and pain psychology are part of the plan from the start.

She sees patients in Spanish and English.`,
    linkDemoAccount: true,
  },
  {
    slug: 'javier-morales',
    name: 'Dr. Javier Morales Ortega',
    credentials: 'MD, PhD',
    roleEs: 'Médico rehabilitador',
    roleEn: 'Physical medicine and rehabilitation physician',
    initials: 'JM',
    specialtiesEs: [
      'Dolor de hombro y rodilla',
      'Artrosis',
      'Dolor cervical',
      'Infiltraciones ecoguiadas',
    ],
    specialtiesEn: [
      'Shoulder and knee pain',
      'Osteoarthritis',
      'Neck pain',
      'Ultrasound-guided injections',
    ],
    languages: ['es'],
    qualifications: [
      'Especialista en Medicina Física y Rehabilitación',
      'Doctor en Medicina por la Universidad Autónoma de Madrid (tesis sobre ejercicio en artrosis de rodilla)',
    ],
    bioEs: `Javier es médico rehabilitador. Su tesis doctoral estudió el ejercicio terapéutico en la artrosis de rodilla, y sigue creyendo que el movimiento bien dosificado es uno de los tratamientos más infravalorados del dolor.

Cuando una infiltración está indicada, la hace guiada por ecografía y siempre como un puente hacia el ejercicio, nunca como el tratamiento entero.`,
    bioEn: `Javier is a rehabilitation physician. His doctoral thesis studied therapeutic exercise in knee osteoarthritis, and he still believes that well-dosed movement is one of the most underrated treatments for pain.

When an injection is indicated, he performs it under ultrasound guidance and always as a bridge towards exercise, never as the whole treatment.`,
  },
  {
    slug: 'marta-castillo',
    name: 'Marta Castillo Ruiz',
    credentials: 'Psicóloga General Sanitaria',
    roleEs: 'Psicóloga del dolor y responsable de los talleres',
    roleEn: 'Pain psychologist, leads the workshops',
    initials: 'MC',
    specialtiesEs: [
      'Terapia de aceptación y compromiso',
      'Mindfulness',
      'Insomnio y dolor',
      'Manejo del estrés',
    ],
    specialtiesEn: [
      'Acceptance and commitment therapy',
      'Mindfulness',
      'Insomnia and pain',
      'Stress management',
    ],
    languages: ['es', 'en', 'ca'],
    qualifications: [
      'Grado en Psicología, Universitat de Barcelona',
      'Máster en Psicología General Sanitaria',
      'Formación acreditada en MBSR (reducción del estrés basada en mindfulness)',
    ],
    bioEs: `Marta acompaña a personas con dolor persistente desde hace más de diez años. Trabaja sobre todo con la terapia de aceptación y compromiso (ACT) y con mindfulness, y coordina los **talleres de manejo del estrés** de la clínica.

Le gusta decir que no se trata de aprender a aguantar, sino de recuperar espacio para lo que importa aunque el dolor no haya desaparecido del todo.

Atiende en español, catalán e inglés.`,
    bioEn: `Marta has worked with people living with persistent pain for more than ten years. Her approach draws mainly on acceptance and commitment therapy (ACT) and mindfulness, and she runs the clinic's **stress management workshops**.

She likes to say that the aim is not learning to put up with pain, but making room again for what matters, even when the pain has not completely gone.

She works in Spanish, Catalan and English.`,
  },
  {
    slug: 'daniel-ferrer',
    name: 'Daniel Ferrer Soto',
    credentials: 'Fisioterapeuta',
    roleEs: 'Fisioterapeuta, ejercicio terapéutico y educación en dolor',
    roleEn: 'Physiotherapist, therapeutic exercise and pain education',
    initials: 'DF',
    specialtiesEs: [
      'Ejercicio terapéutico',
      'Educación en neurociencia del dolor',
      'Dolor lumbar',
      'Vuelta al deporte',
    ],
    specialtiesEn: [
      'Therapeutic exercise',
      'Pain neuroscience education',
      'Low back pain',
      'Return to sport',
    ],
    languages: ['es', 'en'],
    qualifications: [
      'Grado en Fisioterapia, Universidad Rey Juan Carlos',
      'Máster en Fisioterapia Invasiva y Dolor Musculoesquelético',
    ],
    bioEs: `Daniel diseña programas de ejercicio que se pueden hacer en casa, con poco material y progresiones claras. Dedica la primera sesión a explicar, con calma y sin tecnicismos, por qué duele lo que duele.

Antes de fisioterapeuta fue entrenador de atletismo, y se nota: cada plan tiene objetivos medibles y semanas de descarga.`,
    bioEn: `Daniel designs exercise programmes that can be done at home, with little equipment and clear progressions. He spends the first session explaining, calmly and without jargon, why what hurts hurts.

Before becoming a physiotherapist he coached athletics, and it shows: every plan has measurable goals and lighter weeks.`,
  },
];

export interface DemoPost {
  slug: string;
  author: string;
  daysAgo: number;
  tags: string[];
  status?: 'draft' | 'scheduled' | 'published';
  titleEs: string;
  summaryEs: string;
  bodyEs: string;
  titleEn: string | null;
  summaryEn: string | null;
  bodyEn: string | null;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    slug: 'que-es-el-dolor-cronico',
    author: 'sofia-herrera',
    daysAgo: 3,
    tags: ['dolor-cronico', 'educacion'],
    titleEs: 'Qué es el dolor crónico y por qué no es «solo estar en la cabeza»',
    summaryEs:
      'El dolor que dura más de tres meses cambia la forma en que el sistema nervioso procesa las señales. Entenderlo es el primer paso del tratamiento.',
    bodyEs: `Hablamos de **dolor crónico** cuando el dolor dura más de tres meses, o más de lo que tarda en curar el tejido que se lesionó. Afecta aproximadamente a uno de cada cinco adultos en España.

## El sistema de alarma se vuelve más sensible

El dolor es una señal de protección que produce el cerebro cuando interpreta que hay peligro. Cuando el dolor se mantiene durante meses, el sistema nervioso aprende a protegerse antes y con más intensidad: es lo que llamamos **sensibilización**. Por eso puede doler con movimientos que antes eran inofensivos, o doler más en días de estrés o de mal sueño.

Esto no significa que el dolor sea imaginario. Es real, y se produce en el sistema nervioso, como todo dolor.

## Qué implica para el tratamiento

- Buscar solo «la pieza rota» suele llevar a pruebas y tratamientos que no ayudan.
- Lo que mejor funciona combina varias cosas: movimiento dosificado, sueño, manejo del estrés, y medicación cuando está indicada.
- Entender el dolor reduce el miedo, y menos miedo suele significar menos dolor.

Si llevas meses con dolor, una primera visita sirve para ordenar lo que ya se ha probado y decidir juntos qué tiene sentido ahora.`,
    titleEn: 'What chronic pain is, and why it is not "all in your head"',
    summaryEn:
      'Pain that lasts more than three months changes how the nervous system processes signals. Understanding this is the first step of treatment.',
    bodyEn: `We speak of **chronic pain** when pain lasts longer than three months, or longer than the injured tissue takes to heal. It affects roughly one in five adults in Spain.

## The alarm system becomes more sensitive

Pain is a protective signal the brain produces when it judges there is danger. When pain goes on for months, the nervous system learns to protect earlier and more strongly: this is called **sensitisation**. That is why movements that used to be harmless can hurt, and why pain is often worse on days of stress or poor sleep.

This does not mean the pain is imaginary. It is real, and it is produced in the nervous system, as all pain is.

## What this means for treatment

- Searching only for "the broken part" often leads to tests and treatments that do not help.
- What works best combines several things: dosed movement, sleep, stress management, and medication where it is indicated.
- Understanding pain reduces fear, and less fear often means less pain.

If you have been in pain for months, a first visit helps to sort out what has already been tried and decide together what makes sense now.`,
  },
  {
    slug: 'estres-y-dolor-un-circulo',
    author: 'marta-castillo',
    daysAgo: 10,
    tags: ['estres', 'psicologia-del-dolor'],
    titleEs: 'Estrés y dolor: un círculo que se puede romper',
    summaryEs:
      'El estrés no causa todo el dolor, pero lo amplifica. Tres prácticas sencillas para empezar a romper el círculo.',
    bodyEs: `Muchas personas notan que el dolor empeora en las semanas de más presión. No es casualidad: el estrés mantiene el cuerpo en alerta, aumenta la tensión muscular, empeora el sueño y hace que el sistema nervioso interprete más señales como amenaza.

## Tres prácticas para empezar

1. **Respiración lenta durante tres minutos**, dos veces al día: inspirar en cuatro tiempos y espirar en seis. No elimina el dolor, pero baja el nivel de alerta.
2. **Una pausa antes de reaccionar.** Cuando aparece el dolor, nombrar lo que ocurre («estoy notando dolor en la zona lumbar y pensamientos de preocupación») ayuda a no sumarle una segunda capa de sufrimiento.
3. **Una actividad valiosa al día**, aunque sea pequeña: llamar a alguien, cocinar algo que te guste, un paseo corto.

En los talleres de manejo del estrés practicamos estas herramientas en grupo, durante ocho semanas, con materiales para casa.`,
    titleEn: 'Stress and pain: a circle that can be broken',
    summaryEn:
      'Stress does not cause all pain, but it amplifies it. Three simple practices to start breaking the circle.',
    bodyEn: `Many people notice that their pain gets worse in weeks of more pressure. It is no coincidence: stress keeps the body on alert, increases muscle tension, disturbs sleep and makes the nervous system read more signals as a threat.

## Three practices to start with

1. **Slow breathing for three minutes**, twice a day: breathe in for a count of four and out for six. It does not remove the pain, but it lowers the level of alert.
2. **A pause before reacting.** When pain appears, naming what is happening ("I notice pain in my lower back and worried thoughts") helps not to add a second layer of suffering.
3. **One valued activity a day**, however small: calling someone, cooking something you enjoy, a short walk.

In the stress management workshops we practise these tools as a group, over eight weeks, with materials for home.`,
  },
  {
    slug: 'ejercicio-cuando-duele',
    author: 'daniel-ferrer',
    daysAgo: 17,
    tags: ['ejercicio', 'dolor-lumbar'],
    titleEs: '¿Hacer ejercicio si me duele? Sí, pero dosificado',
    summaryEs:
      'El reposo prolongado empeora casi todos los dolores persistentes. La clave está en empezar por debajo de lo que tolera tu cuerpo y subir poco a poco.',
    bodyEs: `Durante años se recomendó reposo para el dolor de espalda. Hoy sabemos que, salvo excepciones, **moverse ayuda** y el reposo prolongado empeora la recuperación.

## Empezar por la línea de base

Elige un ejercicio (caminar, bicicleta estática, una serie de sentadillas a una silla) y averigua cuánto puedes hacer en un día normal sin que el dolor se dispare al día siguiente. Empieza con un poco menos que eso.

## Subir poco a poco

Aumenta alrededor de un 10 % cada semana, aunque te sientas capaz de más. Es normal notar algo más de dolor al principio: una regla útil es que vuelva a tu nivel habitual en menos de 24 horas.

## Días malos

En un día malo, no abandones: reduce a la mitad y mantén la rutina. La constancia importa más que la intensidad.`,
    titleEn: 'Exercise when it hurts? Yes, but dosed',
    summaryEn:
      'Prolonged rest makes almost every persistent pain worse. The key is to start below what your body tolerates and build up slowly.',
    bodyEn: `For years, rest was recommended for back pain. Today we know that, with few exceptions, **moving helps** and prolonged rest slows recovery.

## Start from a baseline

Choose one exercise (walking, a stationary bike, a set of sit-to-stands from a chair) and find out how much you can do on an ordinary day without the pain flaring the next day. Start with a little less than that.

## Build up slowly

Increase by about 10% each week, even if you feel able to do more. Some extra pain at first is normal: a useful rule is that it settles back to your usual level within 24 hours.

## Bad days

On a bad day, do not give up: halve the amount and keep the routine. Consistency matters more than intensity.`,
  },
  {
    slug: 'dormir-mejor-con-dolor',
    author: 'marta-castillo',
    daysAgo: 26,
    tags: ['sueno', 'psicologia-del-dolor'],
    titleEs: 'Dormir mejor cuando hay dolor',
    summaryEs:
      'Dolor y mal sueño se alimentan mutuamente. Lo que sabemos de la terapia cognitivo-conductual para el insomnio, aplicado al dolor.',
    bodyEs: `Una mala noche hace que el dolor del día siguiente se perciba más intenso, y el dolor, a su vez, dificulta dormir. La buena noticia es que el insomnio tiene un tratamiento eficaz sin fármacos: la **terapia cognitivo-conductual para el insomnio** (TCC-I).

## Algunas pautas de la TCC-I

- Levántate a la misma hora todos los días, también el fin de semana.
- Usa la cama solo para dormir: si llevas más de veinte minutos despierto, levántate y haz algo tranquilo con poca luz.
- Evita las siestas largas; si la necesitas, que sea antes de las cuatro y de menos de veinte minutos.
- Deja las pantallas una hora antes de acostarte.

Si tomas medicación para dormir, no la retires por tu cuenta: coméntalo en la consulta.`,
    titleEn: 'Sleeping better when you are in pain',
    summaryEn:
      'Pain and poor sleep feed each other. What we know from cognitive behavioural therapy for insomnia, applied to pain.',
    bodyEn: `A bad night makes the next day's pain feel stronger, and pain in turn makes it harder to sleep. The good news is that insomnia has an effective treatment without drugs: **cognitive behavioural therapy for insomnia** (CBT-I).

## A few CBT-I guidelines

- Get up at the same time every day, weekends included.
- Use the bed only for sleep: if you have been awake for more than twenty minutes, get up and do something calm in dim light.
- Avoid long naps; if you need one, keep it before four o'clock and under twenty minutes.
- Put screens away an hour before bed.

If you take sleep medication, do not stop it on your own: talk about it at your appointment.`,
  },
  {
    slug: 'revisar-la-medicacion',
    author: 'sofia-herrera',
    daysAgo: 38,
    tags: ['medicacion', 'dolor-cronico'],
    titleEs: 'Revisar la medicación para el dolor: menos a veces es más',
    summaryEs:
      'Con los años es fácil acumular fármacos para el dolor. Una revisión ordenada puede reducir efectos secundarios sin perder alivio.',
    bodyEs: `Es frecuente llegar a la consulta con cuatro o cinco medicamentos para el dolor, añadidos uno tras otro. Algunos ayudan; otros ya no, y sus efectos secundarios (somnolencia, estreñimiento, mareo) restan calidad de vida.

## Cómo revisamos un tratamiento

1. Anotamos cada fármaco, para qué se empezó y qué efecto notas hoy.
2. Decidimos cuál cambiar primero, **de uno en uno**, para saber qué efecto tiene cada cambio.
3. Las retiradas se hacen de forma gradual, con un calendario por escrito.

Los opioides pueden tener su lugar en algunos dolores, pero a largo plazo su beneficio en el dolor crónico no oncológico es limitado. Nunca se retiran de golpe.`,
    titleEn: 'Reviewing pain medication: sometimes less is more',
    summaryEn:
      'Over the years it is easy to build up pain medicines. An orderly review can reduce side effects without losing relief.',
    bodyEn: `People often arrive with four or five pain medicines, added one after another. Some help; others no longer do, and their side effects (drowsiness, constipation, dizziness) take away quality of life.

## How we review a treatment

1. We write down each medicine, why it was started, and what effect you notice today.
2. We decide which to change first, **one at a time**, so we know what each change does.
3. Medicines are tapered gradually, with a written schedule.

Opioids can have a place in some pain, but in the long term their benefit in chronic non-cancer pain is limited. They are never stopped abruptly.`,
  },
  {
    slug: 'rodilla-artrosis-mitos',
    author: 'javier-morales',
    daysAgo: 52,
    tags: ['ejercicio', 'artrosis'],
    titleEs: 'Artrosis de rodilla: cinco ideas que conviene revisar',
    summaryEs:
      '«El cartílago se gasta y no hay nada que hacer» no es lo que dice la evidencia. Cinco mitos frecuentes y lo que sabemos hoy.',
    bodyEs: `La artrosis de rodilla es una de las causas más frecuentes de dolor en mayores de cincuenta años. Estas son cinco ideas que escuchamos a menudo en consulta:

1. **«Si me duele, me estoy desgastando.»** El dolor no mide el daño del cartílago; personas con radiografías parecidas tienen dolores muy distintos.
2. **«Caminar la empeora.»** El ejercicio regular es el tratamiento de primera línea en todas las guías clínicas.
3. **«Solo queda operarse.»** La prótesis es una buena opción para algunas personas, pero la mayoría mejora con ejercicio, control del peso y educación.
4. **«Las infiltraciones la curan.»** Pueden aliviar unas semanas; son útiles para poder empezar a moverse.
5. **«A mi edad ya no sirve fortalecer.»** El músculo responde al entrenamiento a cualquier edad.`,
    titleEn: null,
    summaryEn: null,
    bodyEn: null,
  },
  {
    slug: 'comunidad-cero-dolor-primer-ano',
    author: 'marta-castillo',
    daysAgo: 64,
    tags: ['comunidad'],
    titleEs: 'Un año de Cero Dolor: lo que hemos aprendido juntos',
    summaryEs:
      'La comunidad Cero Dolor cumple un año. Encuentros mensuales, oración, apoyo mutuo y muchas conversaciones sobre cómo vivir con dolor.',
    bodyEs: `Hace un año, un pequeño grupo de pacientes nos pidió un espacio para compartir la experiencia de vivir con dolor desde la fe. Así nació **Cero Dolor**, una comunidad católica abierta a quien quiera acercarse, crea o no.

Nos reunimos el primer sábado de cada mes. Cada encuentro tiene un momento de oración, un tema (el cansancio, la familia, pedir ayuda) y tiempo para hablar sin prisa.

Lo que más se repite en las conversaciones es el alivio de **no tener que explicar** el dolor: aquí todos saben de qué se habla. Gracias a quienes lo habéis hecho posible.`,
    titleEn: 'One year of Cero Dolor: what we have learned together',
    summaryEn:
      'The Cero Dolor community turns one. Monthly meetings, prayer, mutual support and many conversations about living with pain.',
    bodyEn: `A year ago, a small group of patients asked us for a space to share the experience of living with pain from the perspective of faith. That is how **Cero Dolor** began: a Catholic community open to anyone who wishes to come, whether they believe or not.

We meet on the first Saturday of each month. Each meeting has a time of prayer, a theme (tiredness, family, asking for help) and time to talk without hurry.

What comes up most in our conversations is the relief of **not having to explain** the pain: here everyone knows what it is like. Thank you to everyone who has made it possible.`,
  },
  {
    slug: 'borrador-dolor-de-cabeza',
    author: 'sofia-herrera',
    daysAgo: 0,
    status: 'draft',
    tags: ['cefalea'],
    titleEs: 'Cefalea tensional: borrador',
    summaryEs: 'Borrador sin publicar.',
    bodyEs: 'Texto pendiente de revisión.',
    titleEn: null,
    summaryEn: null,
    bodyEn: null,
  },
];

export interface DemoTestimonial {
  authorName: string;
  contextEs: string;
  contextEn: string;
  lang: 'es' | 'en';
  quote: string;
  translation: string;
  rating: number;
  consentDaysAgo: number;
  withdrawn?: boolean;
}

export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    authorName: 'Carmen L.',
    contextEs: 'Dolor lumbar crónico, 7 años',
    contextEn: 'Chronic low back pain, 7 years',
    lang: 'es',
    quote:
      'Por primera vez alguien me explicó por qué me dolía. Sigo teniendo días malos, pero he vuelto a caminar con mi marido todas las tardes.',
    translation:
      'For the first time someone explained to me why it hurt. I still have bad days, but I am back to walking with my husband every evening.',
    rating: 5,
    consentDaysAgo: 40,
  },
  {
    authorName: 'Andrés M.',
    contextEs: 'Taller de manejo del estrés',
    contextEn: 'Stress management workshop',
    lang: 'es',
    quote:
      'El taller me enseñó a parar antes de que el estrés se convirtiera en dolor de cuello. Las prácticas de respiración las sigo haciendo en el trabajo.',
    translation:
      'The workshop taught me to stop before stress turned into neck pain. I still do the breathing practices at work.',
    rating: 5,
    consentDaysAgo: 55,
  },
  {
    authorName: 'Laura P.',
    contextEs: 'Fibromialgia',
    contextEn: 'Fibromyalgia',
    lang: 'es',
    quote:
      'Me sentí escuchada. Revisamos la medicación, dejé dos pastillas que no me hacían nada y el plan de ejercicio de Daniel es realista.',
    translation:
      "I felt listened to. We reviewed my medication, I stopped two pills that were doing nothing, and Daniel's exercise plan is realistic.",
    rating: 5,
    consentDaysAgo: 70,
  },
  {
    authorName: 'James W.',
    contextEs: 'Dolor de hombro, paciente residente en Madrid',
    contextEn: 'Shoulder pain, living in Madrid',
    lang: 'en',
    quote:
      'Being able to talk about my pain in English made all the difference. Clear explanations, a written plan and no pressure to have surgery.',
    translation:
      'Poder hablar de mi dolor en inglés lo cambió todo. Explicaciones claras, un plan por escrito y ninguna presión para operarme.',
    rating: 5,
    consentDaysAgo: 85,
  },
  {
    authorName: 'Rosa G.',
    contextEs: 'Comunidad Cero Dolor',
    contextEn: 'Cero Dolor community',
    lang: 'es',
    quote:
      'En Cero Dolor encontré personas que entienden sin que tenga que explicar nada. Salgo de cada encuentro con más paz.',
    translation:
      'At Cero Dolor I found people who understand without my having to explain anything. I leave every meeting with more peace.',
    rating: 5,
    consentDaysAgo: 95,
  },
  {
    authorName: 'Miguel Á. R.',
    contextEs: 'Artrosis de rodilla',
    contextEn: 'Knee osteoarthritis',
    lang: 'es',
    quote:
      'Venía convencido de que solo me quedaba la prótesis. Seis meses de ejercicio después subo escaleras sin apoyarme en la barandilla.',
    translation:
      'I came convinced that a knee replacement was my only option. Six months of exercise later, I climb stairs without holding the handrail.',
    rating: 4,
    consentDaysAgo: 120,
  },
  {
    authorName: 'Elena S.',
    contextEs: 'Cefalea crónica',
    contextEn: 'Chronic headache',
    lang: 'es',
    quote: 'Testimonio cuyo consentimiento se retiró: no debe mostrarse en ninguna página.',
    translation: 'A testimonial whose consent was withdrawn: it must not appear on any page.',
    rating: 5,
    consentDaysAgo: 30,
    withdrawn: true,
  },
];

export const DEMO_PAGE_TEXTS: {
  page: 'chronic-pain-therapy' | 'stress-workshops' | 'cero-dolor';
  lang: 'es' | 'en';
  title: string;
  summary: string;
  body: string;
}[] = [
  {
    page: 'chronic-pain-therapy',
    lang: 'es',
    title: 'Terapia del dolor crónico',
    summary:
      'Evaluación y tratamiento del dolor que dura más de tres meses, por un equipo de medicina, fisioterapia y psicología que trabaja sobre un mismo plan.',
    body: `## Qué es

Un programa de tratamiento para personas con dolor persistente: de espalda, cuello, articulaciones, dolor neuropático, fibromialgia o cefaleas. No buscamos una única causa ni un único tratamiento; combinamos lo que la evidencia muestra que funciona, adaptado a tu vida.

## Para quién

- Personas con dolor de más de tres meses que limita su trabajo, su sueño o su vida familiar.
- Quien ya ha probado varios tratamientos sin un plan que los ordene.
- Quien toma varios medicamentos para el dolor y quiere revisarlos.

## Cómo funcionan las sesiones

1. **Primera visita (60 minutos)** con la médica del dolor: historia, exploración y cuestionarios validados de dolor, ánimo y funcionalidad.
2. **Plan escrito** con objetivos concretos (por ejemplo, caminar treinta minutos o dormir seis horas seguidas), que recibes en tu área de paciente.
3. **Sesiones de fisioterapia y de psicología del dolor** según el plan, presenciales u online.
4. **Revisión cada seis u ocho semanas** para medir el progreso con los mismos cuestionarios y ajustar el plan.

## Qué dice la evidencia

- Los programas **multidisciplinares** (biopsicosociales) reducen el dolor y la discapacidad en el dolor lumbar crónico más que la atención habitual o la fisioterapia sola (Kamper et al., 2015).
- El **ejercicio** tiene efectos modestos pero consistentes sobre el dolor y la función, con pocos efectos adversos (Geneen et al., 2017).
- La **terapia cognitivo-conductual** reduce el dolor, la discapacidad y el malestar en adultos con dolor crónico, con efectos pequeños a moderados (Williams et al., 2020).
- Las guías británicas NICE recomiendan ejercicio, terapias psicológicas y acupuntura en el dolor crónico primario, y desaconsejan iniciar opioides (NICE NG193, 2021).

### Referencias

1. Kamper SJ, Apeldoorn AT, Chiarotto A, et al. Multidisciplinary biopsychosocial rehabilitation for chronic low back pain: Cochrane systematic review and meta-analysis. *BMJ*. 2015;350:h444.
2. Geneen LJ, Moore RA, Clarke C, et al. Physical activity and exercise for chronic pain in adults: an overview of Cochrane Reviews. *Cochrane Database Syst Rev*. 2017;4:CD011279.
3. Williams ACdC, Fisher E, Hearn L, Eccleston C. Psychological therapies for the management of chronic pain (excluding headache) in adults. *Cochrane Database Syst Rev*. 2020;8:CD007407.
4. National Institute for Health and Care Excellence. [Chronic pain (primary and secondary) in over 16s (NG193)](https://www.nice.org.uk/guidance/ng193). 2021.

## Preguntas frecuentes

**¿Necesito un informe de otro médico?** No es imprescindible, pero trae los informes y pruebas que tengas.

**¿Atendéis online?** Las revisiones y la psicología pueden ser online; la primera visita es presencial.

**¿Cuánto dura el tratamiento?** Depende de cada persona; la mayoría de los planes se revisan a los tres meses.`,
  },
  {
    page: 'chronic-pain-therapy',
    lang: 'en',
    title: 'Chronic pain therapy',
    summary:
      'Assessment and treatment of pain that has lasted more than three months, by a team of medicine, physiotherapy and psychology working on one plan.',
    body: `## What it is

A treatment programme for people with persistent pain: back, neck, joints, neuropathic pain, fibromyalgia or headaches. We do not look for a single cause or a single treatment; we combine what the evidence shows works, adapted to your life.

## Who it is for

- People whose pain has lasted more than three months and limits their work, sleep or family life.
- Anyone who has tried several treatments without a plan that ties them together.
- Anyone taking several pain medicines who wants them reviewed.

## How sessions work

1. **First visit (60 minutes)** with the pain physician: history, examination, and validated questionnaires on pain, mood and function.
2. **A written plan** with concrete goals (for example, walking for thirty minutes or sleeping six hours in a row), which you receive in your patient area.
3. **Physiotherapy and pain psychology sessions** as the plan says, in person or online.
4. **A review every six to eight weeks** to measure progress with the same questionnaires and adjust the plan.

## What the evidence says

- **Multidisciplinary** (biopsychosocial) programmes reduce pain and disability in chronic low back pain more than usual care or physiotherapy alone (Kamper et al., 2015).
- **Exercise** has modest but consistent effects on pain and function, with few adverse effects (Geneen et al., 2017).
- **Cognitive behavioural therapy** reduces pain, disability and distress in adults with chronic pain, with small to moderate effects (Williams et al., 2020).
- The UK's NICE guideline recommends exercise, psychological therapies and acupuncture for chronic primary pain, and advises against starting opioids (NICE NG193, 2021).

### References

1. Kamper SJ, Apeldoorn AT, Chiarotto A, et al. Multidisciplinary biopsychosocial rehabilitation for chronic low back pain: Cochrane systematic review and meta-analysis. *BMJ*. 2015;350:h444.
2. Geneen LJ, Moore RA, Clarke C, et al. Physical activity and exercise for chronic pain in adults: an overview of Cochrane Reviews. *Cochrane Database Syst Rev*. 2017;4:CD011279.
3. Williams ACdC, Fisher E, Hearn L, Eccleston C. Psychological therapies for the management of chronic pain (excluding headache) in adults. *Cochrane Database Syst Rev*. 2020;8:CD007407.
4. National Institute for Health and Care Excellence. [Chronic pain (primary and secondary) in over 16s (NG193)](https://www.nice.org.uk/guidance/ng193). 2021.

## Frequently asked questions

**Do I need a referral?** It is not required, but bring any reports and test results you have.

**Do you see people online?** Reviews and psychology can be online; the first visit is in person.

**How long does treatment last?** It depends on the person; most plans are reviewed after three months.`,
  },
  {
    page: 'stress-workshops',
    lang: 'es',
    title: 'Talleres de manejo del estrés',
    summary:
      'Programas en grupo de ocho semanas para entender la relación entre estrés y dolor y practicar herramientas de mindfulness y terapia de aceptación y compromiso.',
    body: `## Qué es

Un programa en grupos pequeños (máximo doce personas) de **ocho sesiones semanales de dos horas**, guiado por nuestra psicóloga del dolor. Combina explicación, práctica y conversación, con materiales y audios para practicar en casa.

## Para quién

- Personas con dolor persistente que notan que el estrés lo empeora.
- Personas sin dolor que viven una etapa de estrés sostenido y quieren aprender a manejarlo.
- No sustituye a un tratamiento psicológico individual en caso de depresión grave o crisis: en ese caso, te orientaremos.

## Cómo funcionan las sesiones

1. Estrés, dolor y sistema nervioso: qué pasa en el cuerpo.
2. Atención plena a la respiración y al cuerpo.
3. Pensamientos que pesan: observarlos sin pelearse con ellos.
4. Valores: qué quiero que ocupe mi tiempo.
5. Actividad y descanso: el ritmo que funciona.
6. Comunicación y pedir ayuda.
7. Sueño.
8. Plan personal para seguir.

Hay grupos presenciales en Madrid y grupos online.

## Qué dice la evidencia

- Los programas de **reducción del estrés basada en mindfulness** (MBSR) reducen el estrés, la ansiedad y la depresión en adultos sanos (Khoury et al., 2015).
- En dolor lumbar crónico, MBSR y la terapia cognitivo-conductual mejoraron la función y el dolor más que la atención habitual a las 26 semanas (Cherkin et al., 2016).
- Las intervenciones de **aceptación y mindfulness** tienen efectos comparables a la terapia cognitivo-conductual en el dolor crónico (Veehof et al., 2016).

### Referencias

1. Khoury B, Sharma M, Rush SE, Fournier C. Mindfulness-based stress reduction for healthy individuals: a meta-analysis. *J Psychosom Res*. 2015;78(6):519-528.
2. Cherkin DC, Sherman KJ, Balderson BH, et al. Effect of mindfulness-based stress reduction vs cognitive behavioral therapy or usual care on back pain and functional limitations in adults with chronic low back pain: a randomized clinical trial. *JAMA*. 2016;315(12):1240-1249.
3. Veehof MM, Trompetter HR, Bohlmeijer ET, Schreurs KMG. Acceptance- and mindfulness-based interventions for the treatment of chronic pain: a meta-analytic review. *Cogn Behav Ther*. 2016;45(1):5-31.

## Preguntas frecuentes

**¿Tengo que hablar en el grupo?** Solo si quieres. Escuchar también es participar.

**¿Y si falto a una sesión?** Recibirás el material y el audio de esa semana.`,
  },
  {
    page: 'stress-workshops',
    lang: 'en',
    title: 'Stress management workshops',
    summary:
      'Eight-week group programmes to understand how stress and pain interact and to practise tools from mindfulness and acceptance and commitment therapy.',
    body: `## What it is

A programme in small groups (at most twelve people) of **eight weekly two-hour sessions**, led by our pain psychologist. It combines explanation, practice and conversation, with materials and recordings for practice at home.

## Who it is for

- People with persistent pain who notice that stress makes it worse.
- People without pain going through a period of sustained stress who want to learn to manage it.
- It does not replace individual psychological treatment for severe depression or a crisis: in that case, we will point you in the right direction.

## How sessions work

1. Stress, pain and the nervous system: what happens in the body.
2. Mindful attention to the breath and the body.
3. Heavy thoughts: noticing them without fighting them.
4. Values: what I want my time to be filled with.
5. Activity and rest: finding a rhythm that works.
6. Communicating and asking for help.
7. Sleep.
8. A personal plan to carry on.

There are in-person groups in Madrid and online groups.

## What the evidence says

- **Mindfulness-based stress reduction** (MBSR) programmes reduce stress, anxiety and depression in healthy adults (Khoury et al., 2015).
- In chronic low back pain, MBSR and cognitive behavioural therapy improved function and pain more than usual care at 26 weeks (Cherkin et al., 2016).
- **Acceptance- and mindfulness-based** interventions have effects comparable to cognitive behavioural therapy in chronic pain (Veehof et al., 2016).

### References

1. Khoury B, Sharma M, Rush SE, Fournier C. Mindfulness-based stress reduction for healthy individuals: a meta-analysis. *J Psychosom Res*. 2015;78(6):519-528.
2. Cherkin DC, Sherman KJ, Balderson BH, et al. Effect of mindfulness-based stress reduction vs cognitive behavioral therapy or usual care on back pain and functional limitations in adults with chronic low back pain: a randomized clinical trial. *JAMA*. 2016;315(12):1240-1249.
3. Veehof MM, Trompetter HR, Bohlmeijer ET, Schreurs KMG. Acceptance- and mindfulness-based interventions for the treatment of chronic pain: a meta-analytic review. *Cogn Behav Ther*. 2016;45(1):5-31.

## Frequently asked questions

**Do I have to speak in the group?** Only if you want to. Listening is taking part too.

**What if I miss a session?** You will receive that week's material and recording.`,
  },
  {
    page: 'cero-dolor',
    lang: 'es',
    title: 'Comunidad Cero Dolor',
    summary:
      'Una comunidad católica de apoyo mutuo para personas que viven con dolor y para quienes las acompañan. Abierta a todos, crean o no.',
    body: `## Nuestro propósito

Cero Dolor nace de una convicción sencilla: nadie debería vivir el dolor en soledad. Somos una comunidad de inspiración católica donde pacientes, familiares y profesionales comparten la experiencia de vivir con dolor, rezan juntos y se apoyan. No sustituye al tratamiento médico ni pretende curar: acompaña.

Respetamos el camino de cada persona. Quien no comparte la fe es igualmente bienvenido a escuchar y a compartir.

## Cuándo nos reunimos

- **Primer sábado de cada mes, de 11:00 a 12:30**, en la sala de la clínica (Calle de Santa Engracia 45, Madrid). Accesible en silla de ruedas.
- **Tercer miércoles de cada mes, de 19:00 a 20:00**, encuentro online para quien no puede desplazarse.

Cada encuentro tiene un momento de oración, un tema y tiempo para conversar sin prisa. Se puede venir con un familiar.

## Cómo unirse

No hace falta ser paciente de la clínica ni inscribirse con antelación para venir por primera vez. Si quieres recibir el enlace del encuentro online o el calendario, escríbenos desde el formulario de contacto eligiendo «Otro motivo» y mencionando Cero Dolor.

La participación es gratuita. Lo que se comparte en el grupo se queda en el grupo.`,
  },
  {
    page: 'cero-dolor',
    lang: 'en',
    title: 'Cero Dolor community',
    summary:
      'A Catholic community of mutual support for people living with pain and those who care for them. Open to everyone, whether they believe or not.',
    body: `## Our purpose

Cero Dolor ("zero pain") grew from a simple conviction: nobody should live with pain alone. We are a community of Catholic inspiration where patients, relatives and professionals share the experience of living with pain, pray together and support one another. It does not replace medical treatment and does not claim to cure: it accompanies.

We respect each person's path. Those who do not share the faith are just as welcome to listen and to share.

## When we meet

- **First Saturday of every month, 11:00 to 12:30**, in the clinic's meeting room (Calle de Santa Engracia 45, Madrid). Wheelchair accessible.
- **Third Wednesday of every month, 19:00 to 20:00**, an online meeting for those who cannot travel.

Each meeting has a time of prayer, a theme and time to talk without hurry. You are welcome to bring a relative.

## How to join

You do not need to be a patient of the clinic or sign up in advance to come for the first time. If you would like the link to the online meeting or the calendar, write to us through the contact form, choosing "Other" and mentioning Cero Dolor.

Taking part is free. What is shared in the group stays in the group.`,
  },
];
