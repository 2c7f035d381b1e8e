// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Download from '../../../lib/download';

const saved: { blob: Blob; filename: string }[] = [];
vi.mock('../../../lib/download', async (importOriginal) => ({
  ...(await importOriginal<typeof Download>()),
  saveBlob: (blob: Blob, filename: string) => saved.push({ blob, filename }),
}));

const { exportPatientsCsv } = await import('./export-patients-csv');
const { EMPTY_FILTERS } = await import('../lib/list-filters');

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  saved.length = 0;
});

describe('CSV export', () => {
  it('asks for the filtered list as CSV, reports rows as they stream in, then saves the file', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(streamOf(['\uFEFFid,name\n1,A', 'na\n2,"Ben\nline two"\n', '3,Cy\n']), {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="patients-2026-01-01.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const progress: number[] = [];

    const result = await exportPatientsCsv(
      { ...EMPTY_FILTERS, priority: ['high'] },
      { onProgress: (n) => progress.push(n) },
    );

    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/patients/export.csv?priority=high&sort=name');
    expect((init.headers as Record<string, string>).Accept).toBe('text/csv');
    expect(progress).toEqual([0, 2, 3, 3]);
    expect(result).toEqual({ rows: 3, filename: 'patients-2026-01-01.csv' });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.filename).toBe('patients-2026-01-01.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!.blob);
    });
    expect(text).toContain('Ben\nline two');
    expect(saved[0]!.blob.type).toBe('text/csv;charset=utf-8');
  });

  it('turns an error answer into an ApiError and saves nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'forbidden', message: 'Access denied.' } }),
            {
              status: 403,
              headers: { 'Content-Type': 'application/json' },
            },
          ),
      ),
    );
    await expect(
      exportPatientsCsv(EMPTY_FILTERS, { onProgress: () => undefined }),
    ).rejects.toMatchObject({
      name: 'ApiError',
      status: 403,
      message: 'Access denied.',
    });
    expect(saved).toHaveLength(0);
  });
});
