// Being written: notifications.
export default function Page() {
  return <p>Coming soon.</p>;
}
