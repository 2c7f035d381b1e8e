/** Answers of the API for component tests (MSW). Test code only. */
import { HttpResponse } from 'msw';

/** A 400 refusing one field (`path`) for the reason `code`, as the server words it. */
export function fieldRefusal(path: string, code: string) {
  return HttpResponse.json(
    {
      error: {
        code: 'validation_failed',
        message: 'Invalid',
        details: [{ path, code, message: code }],
      },
    },
    { status: 400 },
  );
}
