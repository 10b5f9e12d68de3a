import { Form, Link, type MetaFunction } from "@remix-run/react";
import { Bookmark, Compass, Search, Share2 } from "lucide-react";
import { FaqList } from "~/components/faq-list";

export const meta: MetaFunction = () => [
  { title: "Nukkad: hidden street food near you" },
  {
    name: "description",
    content: "Discover hidden street-food stalls in Bangalore and Delhi. Free for everyone.",
  },
];

const HOW_IT_WORKS = [
  { icon: Compass, title: "Discover", text: "Find hidden stalls near you on the map or in a list." },
  { icon: Bookmark, title: "Bookmark", text: "Save favourites to your food trail with your own notes." },
  { icon: Share2, title: "Share", text: "Add the stalls you love so others can find them too." },
];

export default function HomePage() {
  return (
    <>
      <section className="flex h-[60vh] min-h-[400px] items-center bg-gradient-to-br from-orange-100 via-amber-50 to-yellow-100 dark:from-orange-950 dark:via-stone-900 dark:to-amber-950">
        <div className="mx-auto w-full max-w-3xl px-4 text-center">
          <h1 className="font-extrabold text-3xl leading-tight md:text-5xl">
            Find the street food locals love
          </h1>
          <p className="mt-3 text-ink-muted md:text-lg">
            Hidden stalls of Bangalore and Delhi. Free, for everyone.
          </p>
          <Form method="get" action="/search" role="search" className="mt-6 flex gap-2">
            <label htmlFor="home-search" className="sr-only">
              Search
            </label>
            <div className="relative flex-1">
              <Search
                aria-hidden="true"
                className="-translate-y-1/2 absolute top-1/2 left-3 size-5 text-ink-muted"
              />
              <input
                id="home-search"
                name="q"
                type="search"
                placeholder="Search for food, area, or cuisine..."
                className="w-full rounded-full border border-border bg-surface py-3 pr-4 pl-10 shadow-sm"
              />
            </div>
            <Link
              to="/discover"
              className="rounded-full bg-primary px-5 py-3 font-semibold text-primary-foreground hover:bg-primary-strong"
            >
              Near Me
            </Link>
          </Form>
        </div>
      </section>

      <section aria-labelledby="how" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="how" className="text-center font-bold text-2xl">
          How It Works
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {HOW_IT_WORKS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-border bg-surface p-6 text-center">
              <Icon aria-hidden="true" className="mx-auto size-8 text-primary" />
              <h3 className="mt-2 font-semibold text-lg">{title}</h3>
              <p className="mt-1 text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-12">
        <h2 id="faq-title" className="mb-6 text-center font-bold text-2xl">
          Frequently Asked Questions
        </h2>
        <FaqList />
      </section>
    </>
  );
}
