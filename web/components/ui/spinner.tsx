export function Spinner({ label = "Loading" }: { label?: string }) {
  return <span className="loading loading-spinner loading-lg" role="status" aria-label={label} />;
}

/** The centred spinner shown while the current-user lookup is pending. */
export function CenteredSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
