import { useParams } from "wouter";
import { UserDetail } from "../../features/users";

export default function UserPage() {
  const { id } = useParams<{ id: string }>();
  return <UserDetail key={id} id={Number(id)} />;
}
