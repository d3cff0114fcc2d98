import { Outlet } from 'react-router';
import { PublicLayout } from '../shared/ui/public-layout';

export default function PublicRouteLayout() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
