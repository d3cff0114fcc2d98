import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../api/cabinet-api';
import { ApiError } from '../api/http';
import { endSessionLocally } from './cabinet-session';

/**
 * «Выйти»: the server ends the session, the tab forgets it and what it loaded, and the log-in page
 * opens. A session the server no longer knows (401) is just as ended.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      endSessionLocally(queryClient);
      navigate('/cabinet/login', { replace: true });
    },
  });
}
