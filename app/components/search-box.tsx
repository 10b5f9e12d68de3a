import { Form, useNavigate } from "@remix-run/react";
import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useT } from "~/components/use-t";
import { normaliseQuery, SUGGEST_MIN_LENGTH } from "~/lib/rules/search-query";

const DEBOUNCE_MS = 150;

/**
 * The search box: a combobox whose suggestions come from /api/search/suggest from two characters on. Arrow
 * keys move through them, Enter searches the highlighted one (or what was typed), Escape closes the list.
 */
export function SearchBox({ initialQuery }: { initialQuery: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(initialQuery);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const t = useT();

  useEffect(() => setText(initialQuery), [initialQuery]);

  useEffect(() => {
    const query = text.trim();
    if (query.length < SUGGEST_MIN_LENGTH || query === initialQuery) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggest?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) =>
          response.ok ? (response.json() as Promise<{ suggestions: string[] }>) : { suggestions: [] },
        )
        .then((body) => {
          setSuggestions(body.suggestions);
          setActive(-1);
          setOpen(body.suggestions.length > 0);
        })
        .catch(() => {
          // Suggestions are a convenience: when they fail, typing and Enter still search.
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, initialQuery]);

  const searchFor = (query: string) => {
    const normalised = normaliseQuery(query);
    setOpen(false);
    if (normalised) navigate(`/search?q=${encodeURIComponent(normalised)}`);
  };

  const showList = open && suggestions.length > 0;

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        searchFor(showList && active >= 0 ? (suggestions[active] ?? text) : text);
      }}
    >
      <label htmlFor="search-input" className="sr-only">
        {t("Search")}
      </label>
      <Search aria-hidden="true" className="-translate-y-1/2 absolute top-1/2 left-3 size-5 text-ink-muted" />
      <input
        ref={input}
        id="search-input"
        name="q"
        type="text"
        inputMode="search"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={t("Search for stalls, food, people...")}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && suggestions.length > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((current) => (current + 1) % suggestions.length);
          } else if (event.key === "ArrowUp" && suggestions.length > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((current) => (current <= 0 ? suggestions.length - 1 : current - 1));
          } else if (event.key === "Escape") {
            setOpen(false);
            setActive(-1);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        className="w-full rounded-full border border-border bg-surface py-3 pr-12 pl-10 shadow-sm"
      />
      {text ? (
        <button
          type="button"
          aria-label={t("Clear search")}
          onClick={() => {
            setText("");
            setSuggestions([]);
            navigate("/search");
            input.current?.focus();
          }}
          className="-translate-y-1/2 absolute top-1/2 right-2 inline-flex size-8 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      <div
        id={listId}
        role="listbox"
        aria-label={t("Suggestions")}
        hidden={!showList}
        className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-border bg-surface shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          // Options are not focusable on purpose: focus stays in the input, aria-activedescendant points here.
          <div
            key={suggestion}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              searchFor(suggestion);
            }}
            onMouseEnter={() => setActive(index)}
            className={`cursor-pointer px-4 py-2 ${index === active ? "bg-surface-muted text-primary-strong" : ""}`}
          >
            {suggestion}
          </div>
        ))}
      </div>
    </Form>
  );
}
