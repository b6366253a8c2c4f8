export default function ReportsPage() {
  return null;
}
