/**
 * Sign-in with a passkey (ADR 0033) with plain `fetch` and the browser's WebAuthn call, through
 * @simplewebauthn/browser — imported only when the person chooses a passkey, so the page's first
 * load does not grow. The same call serves the first step (a passkey alone, which must verify the
 * person), the second step after the password, and the step-up of a signed-in session: the server
 * tells them apart by the cookies the request carries.
 */

/** null on success, else the refusal's code (better-auth's, or the browser's error name). */
export async function passkeySignIn(lang: string): Promise<string | null> {
  const headers = { Accept: 'application/json', 'Accept-Language': lang };
  const read = async (response: Response) => {
    try {
      return (await response.json()) as Record<string, unknown> | null;
    } catch {
      return null;
    }
  };
  try {
    const optionsResponse = await fetch('/api/auth/passkey/generate-authenticate-options', {
      credentials: 'same-origin',
      headers,
    });
    const options = await read(optionsResponse);
    if (!optionsResponse.ok || !options) return 'generic';
    const { startAuthentication } = await import('@simplewebauthn/browser');
    let response: unknown;
    try {
      response = await startAuthentication({
        optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
    } catch (error) {
      return error instanceof Error && error.name === 'NotAllowedError' ? 'cancelled' : 'generic';
    }
    const verify = await fetch('/api/auth/passkey/verify-authentication', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ response }),
    });
    if (verify.ok) return null;
    const body = await read(verify);
    return typeof body?.code === 'string' ? body.code : 'generic';
  } catch {
    return 'network';
  }
}

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
