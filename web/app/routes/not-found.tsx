import { useDocumentTitle } from "../../components/layouts/use-page-heading";

export default function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="card bg-base-100 shadow">
        <div className="card-body">
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          <p className="text-base-content/70">Did you forget to add the page to the router?</p>
        </div>
      </div>
    </div>
  );
}
