/** What a non-admin sees on an admin-only page: 'Access Denied: {text}'. */
export function AccessDenied({ text }: { text: string }) {
  return (
    <div role="alert" className="alert alert-error mx-auto mt-12 max-w-xl">
      <div>
        <h1 className="font-bold">Access Denied</h1>
        <p>{text}</p>
      </div>
    </div>
  );
}
