import { STAFF_ROLE_LABELS, type StaffRole } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { Button } from '../../shared/ui/button';
import { staffLogout } from './admin-api';
import { endStaffSessionLocally } from './staff-session';

/**
 * «Выйти»: the server ends the session, the tab forgets it and what it loaded, and the log-in page
 * opens. A session the server no longer knows (401) is just as ended.
 */
function useStaffLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await staffLogout();
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      endStaffSessionLocally(queryClient);
      navigate('/admin/login', { replace: true });
    },
  });
}

/** Who is logged in to the back office, with which role, and «Выйти». */
export function StaffBar({ email, role }: { email: string; role: StaffRole }) {
  const logout = useStaffLogout();
  return (
    <div className="border-t border-slate-100 bg-slate-50">
      <div className="mx-auto flex max-w-[1120px] flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1 text-sm sm:px-6">
        <p className="min-w-0 break-all text-slate-700" data-testid="staff-user">
          <span className="font-medium text-slate-900">{email}</span> · {STAFF_ROLE_LABELS[role]}
        </p>
        <Button
          variant="ghost"
          loading={logout.isPending}
          loadingText="Выход..."
          onClick={() => logout.mutate()}
        >
          Выйти
        </Button>
      </div>
      {logout.isError && (
        <p role="alert" className="mx-auto max-w-[1120px] px-4 pb-2 text-sm text-red-700 sm:px-6">
          Не удалось выйти. Проверьте соединение и попробуйте ещё раз.
        </p>
      )}
    </div>
  );
}
