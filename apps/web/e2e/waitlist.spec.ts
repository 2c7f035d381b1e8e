/**
 * The appointments waitlist end to end (ADR 0032): the specialist puts a patient on the waitlist
 * from the Waitlist panel on /appointments; a visit of another patient at a matching time is
 * booked and cancelled, so the freed time is offered, and the patient's and the specialist's open
 * pages show it without a reload (the event stream); the administrator's outbox holds the offer's
 * link; the patient sees the offer in their own panel (English, desktop) and takes it through the
 * link on a 390 px phone in Spanish without signing in; the visit is then theirs. axe on every
 * screen; screenshots to test-results/waitlist/.
 *
 * The patient is a fresh portal account with a record of its own (the demo patient stays without a
 * record for the portal spec), so the run depends on no other spec's data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { seriousViolations } from './support/axe';
import { BASE_URL, expectToast, trackEventStream, waitForEventStream } from './support/helpers';
import { createPatient, patientWithCareTeam, uniqueWord } from './support/patients';

const OUT = path.join(import.meta.dirname, '..', 'test-results', 'waitlist');
const HOUR = 3_600_000;

const madridDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(iso));

async function axe(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
}

/** Books a follow-up for the patient with the signed-in specialist about `hours` from now (a free time). */
async function bookAround(page: Page, patientId: string, specialistId: string, hours: number) {
  for (let i = 0; i < 20; i++) {
    const at = new Date(Date.now() + hours * HOUR + (i * 53 + 11) * 60_000);
    at.setUTCSeconds(0, 0);
    const res = await page.request.post('/api/appointments', {
      headers: { Origin: BASE_URL },
      data: { patientId, specialistId, typeId: 'follow_up', startsAt: at.toISOString() },
    });
    if (res.status() === 201) return (await res.json()) as { id: string; startsAt: string };
    expect(res.status(), await res.text()).toBe(409);
  }
  throw new Error('no free time found');
}

/** The waitlist offer queued for `email`, read by an administrator through the outbox API. */
async function offerLink(browser: Browser, email: string) {
  const admin = await browser.newContext({ storageState: storageStateFor('admin') });
  let id = '';
  await expect
    .poll(
      async () => {
        const list = await admin.request.get('/api/admin/outbox?limit=100');
        const items = (
          (await list.json()) as { items: { id: string; recipient: string; template: string }[] }
        ).items;
        id =
          items.find((m) => m.recipient === email && m.template === 'appointment.waitlist_offer')
            ?.id ?? '';
        return id;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  const res = await admin.request.get(`/api/admin/outbox/${id}`);
  const { message } = (await res.json()) as { message: { text: string } };
  await admin.close();
  const link = /https?:\/\/\S+\/cita\/lista-espera#[A-Za-z0-9_-]+/.exec(message.text);
  expect(link, message.text).not.toBeNull();
  return link![0].replace(/^https?:\/\/[^/]+/, BASE_URL);
}

test('a cancelled visit is offered to the waitlisted patient, who takes it from the link on a phone', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const word = uniqueWord();
  const email = `espera-${word.toLowerCase()}@example.test`;

  // staff: the specialist, on a desktop, in English
  const staffContext = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 1280, height: 900 },
  });
  const staff = await staffContext.newPage();
  await trackEventStream(staff);
  const me = (await (await staff.request.get('/api/me')).json()) as {
    user: { id: string; name: string };
  };
  const types = (await (await staff.request.get('/api/appointments/types')).json()) as {
    items: { id: string; name: { es: string; en: string } }[];
  };
  const followUp = types.items.find((t) => t.id === 'follow_up')!;
  expect(followUp).toBeTruthy();

  // the waitlisted patient: a portal account whose record has an e-mail address for the offer
  const patientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const patient = await patientWithCareTeam(staff.request, patientContext.request, {
    name: `Inés ${word}`,
    email,
  });
  const other = await createPatient(staff, { name: `Otro ${uniqueWord()}` });

  // another patient's follow-up with the same specialist, on a day the entry below is limited to
  // (so a visit other specs cancel meanwhile is not offered to this entry first)
  const freed = await bookAround(staff, other.id, me.user.id, 50);
  const day = madridDay(freed.startsAt);

  // 1. the specialist adds the patient to the waitlist in the panel on /appointments
  await staff.goto('/appointments');
  const panel = staff.getByTestId('waitlist-panel');
  await expect(panel.getByRole('heading', { level: 2, name: 'Waitlist' })).toBeVisible();
  await panel.getByLabel('Patient').fill(word);
  await panel
    .getByRole('list', { name: 'Matching patients' })
    .getByRole('button', { name: patient.recordName })
    .click();
  await expect(panel.getByText(patient.recordName, { exact: true })).toBeVisible();
  await panel.getByLabel('Type of visit').selectOption(followUp.id);
  await panel.getByLabel('Specialist').selectOption(me.user.id);
  await panel.getByLabel('Earliest date').fill(day);
  await panel.getByLabel('Latest date').fill(day);
  await panel.getByRole('button', { name: 'Add to waitlist' }).click();
  await expectToast(staff, 'Added to the waitlist.');
  const entry = panel.getByTestId('waitlist-entry').filter({ hasText: patient.recordName });
  await expect(entry).toContainText(followUp.name.en);
  await expect(entry).toContainText(me.user.name);
  const dayName = new Intl.DateTimeFormat('en', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
  await expect(entry).toContainText(`${dayName} – ${dayName}`);
  await expect(entry.getByTestId('waitlist-offer')).toHaveCount(0);
  await expect(
    entry.getByRole('button', { name: `Remove ${patient.recordName} from the waitlist` }),
  ).toBeVisible();
  await axe(staff);
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: path.join(OUT, 'staff-entry-desktop-en.png') });

  // the patient has their page open before anything happens: the offer must arrive by itself
  const mine = await patientContext.newPage();
  await trackEventStream(mine);
  await mine.goto('/appointments-page');
  await expect(mine.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  const myPanel = mine.getByTestId('waitlist-panel');
  const myEntry = myPanel.getByTestId('waitlist-entry');
  await expect(myEntry).toHaveCount(1);
  await expect(myEntry.getByTestId('waitlist-offer')).toHaveCount(0);

  // both pages subscribed before the change, or its event would pass them by
  await waitForEventStream(mine);
  await waitForEventStream(staff);
  // another patient's follow-up with the same specialist is cancelled below: an offer is made
  const read = await staff.request.get(`/api/appointments/${freed.id}`);
  const { version } = (await read.json()) as { version: number };
  const cancel = await staff.request.post(`/api/appointments/${freed.id}/cancel`, {
    headers: { Origin: BASE_URL },
    data: { version, reason: 'El paciente no puede venir' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);

  // both open pages show the open offer without a reload (appointment.changed on the event stream;
  // the 20 s polling fallback would be too late for these 7 s waits)
  await expect(myEntry.getByTestId('waitlist-offer')).toContainText('A time is offered to you', {
    timeout: 15_000,
  });
  // the staff panel shows the open offer (no answer buttons for staff)
  await expect(entry.getByTestId('waitlist-offer')).toContainText(
    'A time is offered to this patient',
  );
  await expect(entry.getByRole('button', { name: 'Take this time' })).toHaveCount(0);
  await axe(staff);
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: path.join(OUT, 'staff-offered-desktop-en.png') });

  // 2. the link, read from the outbox (and seen on the administrator's screen)
  const link = await offerLink(browser, email);
  const adminContext = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/outbox');
  const row = admin.getByTestId('outbox-row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.click();
  await expect(admin.getByTestId('outbox-detail')).toContainText('/cita/lista-espera#');
  await axe(admin);
  await shoot(admin, 'outbox-offer-desktop-en');
  await adminContext.close();

  // 3. the patient's own panel on /appointments-page, in English on a desktop: the open offer
  await expect(myPanel.getByRole('heading', { level: 2, name: 'Waitlist' })).toBeVisible();
  await expect(myEntry).toHaveCount(1);
  await expect(myEntry).toContainText(followUp.name.en);
  await expect(myEntry.getByTestId('waitlist-offer')).toContainText('A time is offered to you', {
    timeout: 15_000,
  });
  await expect(
    myEntry.getByRole('button', { name: `Remove ${followUp.name.en} from the waitlist` }),
  ).toBeVisible();
  await expect(myEntry.getByTestId('offer-details')).toContainText(me.user.name);
  await expect(myEntry.getByRole('button', { name: 'Take this time' })).toBeVisible();
  await expect(myEntry.getByRole('button', { name: 'Decline' })).toBeVisible();
  await axe(mine);
  await shoot(mine, 'patient-offer-desktop-en');

  // the link on a 390 px phone in Spanish, signed out
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    hasTouch: true,
    isMobile: true,
  });
  await phoneContext.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(
    phone.getByRole('heading', { level: 1, name: 'Ha quedado libre una hora' }),
  ).toBeVisible();
  await expect(phone).toHaveURL(/\/cita\/lista-espera$/); // the token left the address bar
  await expect(phone.getByText('Hola, Inés')).toBeVisible();
  await expect(phone.getByTestId('offer-details')).toContainText(followUp.name.es);
  await expect(phone.getByTestId('offer-details')).toContainText(me.user.name);
  await axe(phone);
  await shoot(phone, 'offer-390-es');
  await phone.getByRole('button', { name: 'Reservar esta hora' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Cita reservada' })).toBeVisible();
  await expect(phone.getByTestId('link-outcome')).toContainText('su cita está reservada');
  await axe(phone);
  await shoot(phone, 'taken-390-es');
  // the same link again: answered
  await phone.goto('about:blank');
  await phone.goto(link);
  await expect(phone.getByTestId('link-error')).toContainText('Esta oferta ya se ha respondido');
  await axe(phone);
  await shoot(phone, 'used-390-es');
  await phoneContext.close();

  // the visit is the patient's now, at the freed time: the API and the page say so
  const list = (await (await patientContext.request.get('/api/appointments/mine')).json()) as {
    upcoming: { startsAt: string; status: string; type: { id: string } }[];
  };
  const booked = list.upcoming.find((a) => a.startsAt === freed.startsAt);
  expect(booked, JSON.stringify(list.upcoming)).toBeTruthy();
  expect(booked!.status).toBe('confirmed');
  expect(booked!.type.id).toBe('follow_up');
  await mine.reload();
  await expect(mine.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await expect(mine.getByText(followUp.name.en).first()).toBeVisible();
  await expect(myPanel.getByTestId('waitlist-offer')).toHaveCount(0);
  await axe(mine);
  await shoot(mine, 'patient-booked-desktop-en');

  // the staff panel no longer lists the entry (it is booked)
  await staff.reload();
  await expect(panel.getByRole('heading', { level: 2, name: 'Waitlist' })).toBeVisible();
  await expect(
    panel.getByTestId('waitlist-entry').filter({ hasText: patient.recordName }),
  ).toHaveCount(0);
  await staffContext.close();
  await patientContext.close();
});
