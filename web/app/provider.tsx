import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createStore, Provider as JotaiProvider } from "jotai";
import { type ReactNode, useState } from "react";
import { OfflineBanner } from "../components/layouts/offline-banner";
import { Toaster } from "../components/ui/toaster";
import { AuthProvider } from "../features/auth";
import { LanguageSync } from "../i18n/language-sync";
import { createQueryClient } from "../lib/query-client";

export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [store] = useState(() => createStore());
  return (
    <QueryClientProvider client={client}>
      <JotaiProvider store={store}>
        <AuthProvider>
          <LanguageSync />
          <OfflineBanner />
          {children}
          <Toaster />
        </AuthProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
