import { data } from "react-router";

// Any other path: the root error boundary renders the 404 page with HTTP status 404.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
