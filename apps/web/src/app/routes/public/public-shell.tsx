import { Outlet } from 'react-router';
import { PublicLayout } from '../../../components/layouts/public-layout';

export function PublicShell() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
