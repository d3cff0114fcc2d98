import { Navigate } from 'react-router';
import { sectionsFor } from './admin-nav';
import { useStaffUser } from './staff-session';

/** /admin: straight to the first section the role has (every role has at least one). */
export default function AdminHomePage() {
  const user = useStaffUser();
  const first = sectionsFor(user.role)[0];
  return <Navigate to={first?.to ?? '/admin/login'} replace />;
}
