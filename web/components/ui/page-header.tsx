import type { ReactNode } from "react";

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle && <p className="text-base-content/70">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}

export function Panel({
  title,
  actions,
  children,
  className,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card bg-base-100 shadow-sm ${className ?? ""}`} aria-label={title}>
      <div className="card-body p-4">
        <div className="mb-2 flex items-center justify-between">
          <h2 className="card-title text-base">{title}</h2>
          {actions}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A label/value line of a details panel. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-base-content/70">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}
