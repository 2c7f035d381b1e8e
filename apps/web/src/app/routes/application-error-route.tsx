import { ApplicationError } from '../../components/errors/application-error';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';

/** The application-error screen with sign-out wired in (composed here: components never import features). */
export function ApplicationErrorRoute({ error }: { error: unknown }) {
  const { signOut } = useSignOut();
  return <ApplicationError error={error} onLogOut={() => signOut('loggedOut')} />;
}
