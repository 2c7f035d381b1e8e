/**
 * The tasks module end to end: a specialist creates a task (SPEC §5/§8 texts), moves it through its
 * statuses, filters and switches to the board; the demo patient sees only their own tasks, marks
 * one done and comments; both languages and a phone-sized screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { expectToast } from './support/helpers';
import { uniqueWord } from './support/patients';

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('as a specialist', () => {
  test.use({ storageState: storageStateFor('specialist') });

  test('creates a task, moves it along, filters, and sees the board', async ({ page }) => {
    const title = `Revisar informe ${uniqueWord()}`;
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await page.getByRole('button', { name: 'New task' }).click();
    await page.getByRole('button', { name: 'Create task' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();

    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Assigned to/).selectOption({ label: 'Dra. Sofía Especialista' });
    await page.getByLabel(/^Priority/).selectOption('high');
    const today = await page.evaluate(() => {
      const d = new Date();
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
    });
    await page.getByLabel(/^Due date/).fill(today);
    await page.getByRole('button', { name: 'Create task' }).click();
    await expectToast(page, 'Task created');

    const task = card(page, title);
    await expect(task).toBeVisible();
    await expect(task.getByText('New', { exact: true })).toHaveAttribute('data-colour', 'green');
    await expect(task.getByText('High', { exact: true })).toHaveAttribute('data-colour', 'red');

    await task.getByRole('button', { name: 'Move to In progress' }).click();
    await expectToast(page, 'Task updated');
    await expect(task.getByText('In progress', { exact: true })).toHaveAttribute(
      'data-colour',
      'blue',
    );
    await task.getByRole('button', { name: 'Move to Pending review' }).click();
    await expect(task.getByText('Pending review', { exact: true })).toHaveAttribute(
      'data-colour',
      'yellow',
    );

    await page.getByRole('button', { name: 'Due today' }).click();
    await expect(page).toHaveURL(/view=today/);
    await expect(card(page, title)).toBeVisible();
    await page.getByRole('button', { name: 'Overdue' }).click();
    await expect(card(page, title)).toHaveCount(0);
    await page.getByRole('button', { name: 'Assigned to me' }).click();
    await expect(card(page, title)).toBeVisible();

    await page.getByRole('button', { name: 'Board' }).click();
    const column = page.getByRole('region', { name: /^Pending review/ });
    await expect(column.getByRole('heading', { name: title })).toBeVisible();

    // comments, by keyboard
    await page.getByRole('button', { name: 'List' }).click();
    await card(page, title).getByRole('button', { name: 'Comments' }).click();
    await card(page, title).getByLabel('Add a comment').fill('Informe revisado');
    await card(page, title).getByRole('button', { name: 'Comment', exact: true }).press('Enter');
    await expectToast(page, 'Comment added');
    await expect(card(page, title).getByText('Informe revisado')).toBeVisible();
  });
});

test.describe('as the demo patient', () => {
  test.use({ storageState: storageStateFor('user') });

  test('sees only their own tasks and marks one done, in Spanish on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Tareas' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nueva tarea' })).toHaveCount(0);
    const exercises = card(page, 'Ejercicios en casa: estiramientos lumbares (3 series al día)');
    await expect(exercises).toBeVisible();
    // nothing of the staff's work
    await expect(page.getByText('Revisar resultados de resonancia lumbar')).toHaveCount(0);
    await exercises.getByRole('button', { name: 'Marcar como hecha' }).click();
    await expectToast(page, 'Tarea actualizada');
    await expect(exercises.getByText('Hecha', { exact: true })).toHaveAttribute(
      'data-colour',
      'grey',
    );
    await expect(exercises.getByRole('button', { name: 'Marcar como hecha' })).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
