import type { Route } from "./+types/listing";

export async function loader({ context }: Route.LoaderArgs) {
  return context.categories();
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Skillshelf</h1>
      <ul>
        {loaderData.data.map((c) => (
          <li key={c.id}>{c.name}</li>
        ))}
      </ul>
    </main>
  );
}
