import { notifications } from '@mantine/notifications';
import type { SessionUser, SignInResponse } from '@pw/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import { loginCheckQuery } from './login-check';
import { signOutRequest } from './sign-out';

type AuthState = {
  token: string | null;
  isLoggedIn: boolean;
  /** Null until the login check has answered. */
  user: SessionUser | null;
  isStaff: boolean;
  signedIn: (response: SignInResponse) => void;
  signOut: () => Promise<void>;
  /** Forgets the token without calling the server (it is already invalid). */
  dropToken: () => void;
};

const AuthContext = createContext<AuthState | null>(null);

/**
 * Auth rules of part 1 §4: the token lives in local storage; a token present at load means
 * signed in; a failed login check signs the user out with a message.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readStorage(STORAGE_KEYS.token));
  const [signedInUser, setSignedInUser] = useState<SessionUser | null>(null);
  const check = useQuery(loginCheckQuery(signedInUser ? null : token));

  const dropToken = useCallback(() => {
    writeStorage(STORAGE_KEYS.token, null);
    setToken(null);
    setSignedInUser(null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'configuration' });
  }, [queryClient]);

  useEffect(() => {
    if (check.isError) {
      dropToken();
      notifications.show({ color: 'red', message: t('common.notCertified') });
    }
  }, [check.isError, dropToken, t]);

  const signedIn = useCallback((response: SignInResponse) => {
    writeStorage(STORAGE_KEYS.token, response.token);
    setSignedInUser(response.user);
    setToken(response.token);
  }, []);

  const signOut = useCallback(async () => {
    await signOutRequest().catch(() => undefined);
    dropToken();
  }, [dropToken]);

  const user = signedInUser ?? check.data ?? null;
  const value = useMemo<AuthState>(
    () => ({
      token,
      isLoggedIn: token !== null,
      user,
      isStaff: user?.is_staff ?? false,
      signedIn,
      signOut,
      dropToken,
    }),
    [token, user, signedIn, signOut, dropToken],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The current auth state. */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
