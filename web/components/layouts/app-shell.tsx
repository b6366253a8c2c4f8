import type { ReactNode } from "react";
import { Sidebar } from "./sidebar";

export function AppShell({
  children,
  sidebarFooter,
}: {
  children: ReactNode;
  sidebarFooter?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen bg-base-200">
      <Sidebar footer={sidebarFooter} />
      <main className="min-w-0 flex-1 p-6">{children}</main>
    </div>
  );
}
