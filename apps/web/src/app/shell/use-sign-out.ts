import { messages } from '@carte/domain';
import { useCallback } from 'react';
import { endSession } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { usersApi } from '../../api/users.api.ts';
import { notifySuccess } from '../../ui/notify.ts';

/** Revokes the refresh token on the server (best effort), then clears the session here (doc 1 §4). */
export function useSignOut() {
  return useCallback(async () => {
    const refreshToken = sessionStore.get()?.refreshToken;
    if (refreshToken) await usersApi.logout(refreshToken).catch(() => undefined);
    endSession();
    notifySuccess(messages.loggedOut);
  }, []);
}
