// Being written: login.
export default function Page() {
  return <p>Coming soon.</p>;
}
