// Being written: order-details.
export default function Page() {
  return <p>Coming soon.</p>;
}
