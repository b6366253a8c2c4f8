import { Link } from "wouter";

export function LoadingText({ text }: { text: string }) {
  return <p className="p-8 text-center text-base-content/70">{text}</p>;
}

/** A not-found or error card with an optional way back. */
export function StateCard({
  title,
  text,
  backHref,
  backLabel,
}: {
  title: string;
  text?: string;
  backHref?: string;
  backLabel?: string;
}) {
  return (
    <div className="card mx-auto mt-12 max-w-md bg-base-100 shadow">
      <div className="card-body items-center text-center">
        <h1 className="text-xl font-bold">{title}</h1>
        {text && <p className="text-base-content/70">{text}</p>}
        {backHref && (
          <Link href={backHref} className="btn btn-outline mt-2">
            {backLabel}
          </Link>
        )}
      </div>
    </div>
  );
}
