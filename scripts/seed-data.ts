// The embedded seed: plausible stalls in real neighbourhoods of Bangalore and Delhi, and a generator of large
// synthetic data for benchmarks. Deterministic (seeded PRNG), so every fresh machine shows the same stalls.

import type { DiscoveryTag } from "../app/lib/rules/options";
import type { WeeklySchedule } from "../app/lib/rules/schedule";
import type { MenuItem } from "../app/lib/schemas/menu";
import type { NewStall } from "../app/models/stall/submit.server";

export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

interface Neighbourhood {
  name: string;
  city: "Bangalore" | "Delhi";
  lat: number;
  lng: number;
  landmark: string;
}

export const NEIGHBOURHOODS: Neighbourhood[] = [
  {
    name: "VV Puram",
    city: "Bangalore",
    lat: 12.9495,
    lng: 77.5736,
    landmark: "Food Street, Sajjan Rao Circle",
  },
  {
    name: "Koramangala",
    city: "Bangalore",
    lat: 12.9352,
    lng: 77.6245,
    landmark: "5th Block, near Forum Mall",
  },
  { name: "Malleshwaram", city: "Bangalore", lat: 13.0031, lng: 77.571, landmark: "8th Cross Market" },
  { name: "Jayanagar", city: "Bangalore", lat: 12.925, lng: 77.5838, landmark: "4th Block Shopping Complex" },
  { name: "Indiranagar", city: "Bangalore", lat: 12.9719, lng: 77.6412, landmark: "100 Feet Road" },
  { name: "Basavanagudi", city: "Bangalore", lat: 12.943, lng: 77.573, landmark: "Gandhi Bazaar Main Road" },
  { name: "Shivajinagar", city: "Bangalore", lat: 12.9857, lng: 77.6057, landmark: "Russell Market" },
  { name: "Frazer Town", city: "Bangalore", lat: 12.998, lng: 77.615, landmark: "Mosque Road" },
  { name: "HSR Layout", city: "Bangalore", lat: 12.9116, lng: 77.6474, landmark: "27th Main, Sector 1" },
  { name: "Chickpet", city: "Bangalore", lat: 12.9698, lng: 77.5779, landmark: "Avenue Road corner" },
  { name: "Chandni Chowk", city: "Delhi", lat: 28.6562, lng: 77.2301, landmark: "Paranthe Wali Gali" },
  { name: "Lajpat Nagar", city: "Delhi", lat: 28.5677, lng: 77.2433, landmark: "Central Market" },
  { name: "Connaught Place", city: "Delhi", lat: 28.6315, lng: 77.2167, landmark: "Janpath, Inner Circle" },
  { name: "Karol Bagh", city: "Delhi", lat: 28.6519, lng: 77.1907, landmark: "Ajmal Khan Road" },
  { name: "Majnu ka Tilla", city: "Delhi", lat: 28.7009, lng: 77.2276, landmark: "New Aruna Nagar Colony" },
  { name: "Hauz Khas", city: "Delhi", lat: 28.5535, lng: 77.194, landmark: "Hauz Khas Village gate" },
  { name: "Jama Masjid", city: "Delhi", lat: 28.6507, lng: 77.2334, landmark: "Matia Mahal Bazaar" },
  {
    name: "Kamla Nagar",
    city: "Delhi",
    lat: 28.6814,
    lng: 77.205,
    landmark: "Bungalow Road, near DU North Campus",
  },
  { name: "Amar Colony", city: "Delhi", lat: 28.5665, lng: 77.243, landmark: "Amar Colony Market" },
  { name: "Sarojini Nagar", city: "Delhi", lat: 28.577, lng: 77.199, landmark: "Babu Market" },
];

interface Archetype {
  key: string;
  category: string;
  names: string[];
  blurbs: string[];
  menu: MenuItem[];
  tags: string[];
  hours: "morning" | "day" | "evening" | "late";
  cities?: Neighbourhood["city"][];
}

// Each archetype has its own picture in public/stalls/<key>.svg (scripts/make-stall-art.ts draws them).
export const ARCHETYPES: Archetype[] = [
  {
    key: "chaat",
    category: "Chaat",
    names: ["{owner}'s Pani Puri Corner", "{owner} Chaat Bhandar", "Chatpata {owner}"],
    blurbs: [
      "Crisp puris filled to order with tangy jaljeera pani and sweet tamarind chutney. Ask for the extra-spicy pani.",
      "A cart that has stood on this corner for decades. The dahi papdi chaat is cool, sweet and crunchy all at once.",
    ],
    menu: [
      { item: "Pani Puri", price: 40, description: "Six puris with mint and tamarind water" },
      { item: "Sev Puri", price: 50, description: "Flat puris, potato, chutneys and sev" },
      { item: "Dahi Papdi Chaat", price: 60, description: "Papdi with yoghurt and pomegranate" },
      { item: "Aloo Tikki", price: 50, description: "Crisp potato patties with chole" },
    ],
    tags: ["Street Food", "Spicy", "Cheap", "Snacks", "Vegetarian", "Indian"],
    hours: "evening",
  },
  {
    key: "dosa",
    category: "South Indian",
    names: ["Sri {owner} Dosa Camp", "{owner} Tiffin Centre", "Udupi {owner} Darshini"],
    blurbs: [
      "Paper-thin masala dosas off a huge cast-iron tawa, with coconut chutney ground fresh every morning.",
      "Standing-only breakfast joint: soft idlis, crisp vadas and the best filter coffee on the street.",
    ],
    menu: [
      { item: "Masala Dosa", price: 70, description: "With potato palya and coconut chutney" },
      { item: "Benne Dosa", price: 80, description: "Butter-laden Davangere style" },
      { item: "Idli Vada", price: 50, description: "Two idlis, one vada, sambar" },
      { item: "Filter Coffee", price: 25, description: "Strong, frothy, in a steel tumbler" },
    ],
    tags: ["Breakfast", "Vegetarian", "Indian", "Coffee", "Cheap"],
    hours: "morning",
  },
  {
    key: "momos",
    category: "Tibetan",
    names: ["{owner}'s Momo Stall", "Tashi {owner} Momos", "{owner} Dumpling Cart"],
    blurbs: [
      "Juicy steamed momos with a fiery red chutney that regulars swear by. Always a queue after college hours.",
      "Pan-fried momos with crisp bottoms and a bowl of hot thukpa for the cold evenings.",
    ],
    menu: [
      { item: "Steamed Momos", price: 80, description: "Chicken or veg, eight pieces" },
      { item: "Fried Momos", price: 100, description: "Crisp, with red chilli chutney" },
      { item: "Thukpa", price: 120, description: "Noodle soup with vegetables" },
    ],
    tags: ["Chinese", "Spicy", "Snacks", "Street Food"],
    hours: "evening",
  },
  {
    key: "biryani",
    category: "Biryani",
    names: ["{owner} Biryani Point", "Bhai {owner} Dum Biryani", "{owner} Military Hotel"],
    blurbs: [
      "Dum biryani cooked in copper handis over wood fire from 11 am until it runs out, usually by 3.",
      "Donne biryani served in areca-leaf cups, heavy on the mint and green chilli.",
    ],
    menu: [
      { item: "Chicken Biryani", price: 180, description: "Seeraga samba rice, slow-cooked" },
      { item: "Mutton Biryani", price: 250, description: "Tender mutton, dum-cooked" },
      { item: "Raita", price: 20, description: "Onion and cucumber yoghurt" },
    ],
    tags: ["Lunch", "Dinner", "Indian", "Spicy"],
    hours: "day",
  },
  {
    key: "rolls",
    category: "Kebabs and Rolls",
    names: ["{owner} Kebab Corner", "{owner}'s Kathi Rolls", "Sheekh {owner}"],
    blurbs: [
      "Seekh kebabs grilled over coals and wrapped in rumali roti with onion and green chutney. Open till late.",
      "Flaky egg rolls and chicken tikka rolls for the after-movie crowd.",
    ],
    menu: [
      { item: "Seekh Kebab Roll", price: 140, description: "Mutton seekh in rumali roti" },
      { item: "Chicken Tikka Roll", price: 130, description: "With onions and mint chutney" },
      { item: "Paneer Tikka Roll", price: 120, description: "Smoky paneer, pickled onions" },
    ],
    tags: ["Dinner", "Open Late", "Street Food", "Spicy"],
    hours: "late",
  },
  {
    key: "chai",
    category: "Tea and Snacks",
    names: ["{owner} Chai Point", "{owner}'s Tea Stall", "Kadak {owner} Chai"],
    blurbs: [
      "Cutting chai brewed with ginger and cardamom, with warm bun maska and samosas straight from the kadhai.",
      "The neighbourhood's meeting point since the eighties: chai, Osmania biscuits and politics.",
    ],
    menu: [
      { item: "Cutting Chai", price: 15, description: "Ginger and cardamom" },
      { item: "Bun Maska", price: 30, description: "Soft bun, lots of butter" },
      { item: "Samosa", price: 20, description: "Potato and pea, with chutney" },
    ],
    tags: ["Drinks", "Snacks", "Cheap", "Breakfast", "Vegetarian"],
    hours: "day",
  },
  {
    key: "paratha",
    category: "North Indian",
    names: ["Pandit {owner} Paranthe Wale", "{owner} Paratha House", "{owner} di Hatti"],
    blurbs: [
      "Deep-fried stuffed parathas in a dozen fillings, served with aloo sabzi, pumpkin and banana chutney.",
      "Tandoori parathas with a dollop of white butter and a tall glass of lassi.",
    ],
    menu: [
      { item: "Aloo Paratha", price: 70, description: "With white butter and pickle" },
      { item: "Paneer Paratha", price: 90, description: "Spiced cottage cheese filling" },
      { item: "Lassi", price: 60, description: "Sweet, thick, with malai" },
    ],
    tags: ["Breakfast", "Vegetarian", "Indian", "Lunch"],
    hours: "morning",
    cities: ["Delhi"],
  },
  {
    key: "sweets",
    category: "Desserts",
    names: ["{owner} Jalebi Wala", "{owner} Sweets", "{owner}'s Kulfi Cart"],
    blurbs: [
      "Jalebis fried fresh in desi ghee and dunked in syrup while you watch, with thick rabri on the side.",
      "Matka kulfi and falooda in malai, pista and rose, sliced to order.",
    ],
    menu: [
      { item: "Jalebi", price: 60, description: "Per 100 g, hot from the kadhai" },
      { item: "Rabri", price: 80, description: "Slow-reduced sweet milk" },
      { item: "Kulfi Falooda", price: 90, description: "With rose syrup and vermicelli" },
      { item: "Gulab Jamun", price: 40, description: "Two pieces, warm" },
    ],
    tags: ["Dessert", "Cheap", "Vegetarian", "Indian"],
    hours: "evening",
  },
  {
    key: "chole",
    category: "North Indian",
    names: ["{owner} Chole Bhature", "{owner} Chole Kulche", "Baba {owner} Bhature Wala"],
    blurbs: [
      "Pillowy bhature the size of your face and tangy pindi chole, gone by two in the afternoon.",
      "Matar kulcha from a brass pot, topped with onion, lemon and a secret masala.",
    ],
    menu: [
      { item: "Chole Bhature", price: 120, description: "Two bhature, chole, pickled onion" },
      { item: "Chole Kulche", price: 80, description: "Soft kulchas with spiced chickpeas" },
      { item: "Lassi", price: 60, description: "Sweet or salted" },
    ],
    tags: ["Lunch", "Indian", "Vegetarian", "Spicy"],
    hours: "day",
  },
  {
    key: "juice",
    category: "Drinks",
    names: ["{owner} Juice Centre", "{owner} Soda Shop", "Fresh {owner} Ganne ka Ras"],
    blurbs: [
      "Sugarcane juice pressed in front of you with ginger and lime. Ice cold on a hot afternoon.",
      "Goli soda and masala soda that fizz out of the bottle, plus nimbu pani by the jug.",
    ],
    menu: [
      { item: "Sugarcane Juice", price: 30, description: "With ginger and lime" },
      { item: "Masala Soda", price: 25, description: "Jeera, black salt, lemon" },
      { item: "Nimbu Pani", price: 20, description: "Sweet and salted" },
    ],
    tags: ["Drinks", "Cheap", "Vegetarian"],
    hours: "day",
  },
  {
    key: "vadapav",
    category: "Snacks",
    names: ["{owner} Vada Pav", "{owner}'s Sandwich Stall", "Bombay {owner} Snacks"],
    blurbs: [
      "Mumbai-style vada pav with dry garlic chutney, and a grilled Bombay sandwich layered with beetroot.",
      "A late-afternoon favourite for office crowds: cheese chilli toast and crisp vada pav.",
    ],
    menu: [
      { item: "Vada Pav", price: 30, description: "With dry garlic chutney" },
      { item: "Bombay Sandwich", price: 70, description: "Grilled, with green chutney" },
      { item: "Veg Burger", price: 60, description: "Aloo tikki burger" },
    ],
    tags: ["Snacks", "Cheap", "Street Food", "Vegetarian"],
    hours: "day",
  },
  {
    key: "egg",
    category: "Late Night",
    names: ["{owner} Anda Bhurji", "Midnight {owner}", "{owner}'s Egg Cart"],
    blurbs: [
      "The cart that feeds the city after midnight: anda bhurji, egg paratha and masala Maggi.",
      "Boiled-egg masala and omelette pav cooked on a roaring stove till the small hours.",
    ],
    menu: [
      { item: "Anda Bhurji Pav", price: 70, description: "Spicy scrambled eggs, buttered pav" },
      { item: "Egg Paratha", price: 60, description: "Layered with egg and onion" },
      { item: "Masala Maggi", price: 50, description: "With vegetables and cheese" },
    ],
    tags: ["Open Late", "Dinner", "Cheap", "Snacks"],
    hours: "late",
  },
  {
    key: "akki",
    category: "South Indian",
    names: ["{owner} Akki Roti Stall", "{owner} Bisi Bele Bath", "Namma {owner} Upahara"],
    blurbs: [
      "Akki roti patted by hand on banana leaves, with chutney pudi and a blob of butter.",
      "Bisi bele bath with boondi and kesari bath: a proper Bangalore breakfast in a paper plate.",
    ],
    menu: [
      { item: "Akki Roti", price: 50, description: "Rice roti with dill and onion" },
      { item: "Bisi Bele Bath", price: 60, description: "With khara boondi" },
      { item: "Kesari Bath", price: 40, description: "Semolina, ghee, saffron" },
    ],
    tags: ["Breakfast", "Vegetarian", "Indian", "Cheap"],
    hours: "morning",
    cities: ["Bangalore"],
  },
  {
    key: "fusion",
    category: "Fusion",
    names: ["{owner}'s Taco Truck", "{owner} Noodle Bar", "{owner} Pizza Cart"],
    blurbs: [
      "Paneer tikka tacos and Thai basil noodles from a converted food truck. Students love it.",
      "Wood-fired mini pizzas and a bowl of spicy ramen: the city's street food, remixed.",
    ],
    menu: [
      { item: "Paneer Tikka Tacos", price: 150, description: "Three soft tacos" },
      { item: "Thai Basil Noodles", price: 160, description: "With chilli oil" },
      { item: "Margherita Pizza", price: 180, description: "Seven-inch, wood-fired" },
      { item: "Spicy Ramen", price: 200, description: "Miso broth, egg" },
    ],
    tags: ["Mexican", "Thai", "Italian", "Japanese", "Dinner"],
    hours: "evening",
  },
];

const OWNERS = [
  "Raju",
  "Anand",
  "Lakshmi",
  "Manju",
  "Sharma",
  "Gupta",
  "Tenzin",
  "Salim",
  "Iqbal",
  "Venkatesh",
  "Kamala",
  "Ramesh",
  "Pappu",
  "Bittu",
  "Ganesh",
  "Dolma",
  "Harpreet",
  "Chotu",
  "Nagaraj",
  "Meena",
];

const HOURS: Record<Archetype["hours"], { open: string; close: string }[]> = {
  morning: [
    { open: "06:30", close: "12:00" },
    { open: "07:00", close: "14:30" },
  ],
  day: [
    { open: "10:00", close: "20:00" },
    { open: "11:00", close: "22:00" },
  ],
  evening: [
    { open: "16:00", close: "22:30" },
    { open: "17:30", close: "23:00" },
  ],
  // Late-night carts close after midnight: close earlier than open means the range crosses midnight.
  late: [
    { open: "19:00", close: "02:00" },
    { open: "20:30", close: "03:30" },
  ],
};

const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

function schedule(random: Random, hours: Archetype["hours"]): WeeklySchedule {
  const { open, close } = random.pick(HOURS[hours]);
  const closedDay = random.chance(0.6) ? random.pick(WEEK) : null;
  const maybeDay = random.chance(0.35) ? random.pick(WEEK) : null;
  const week: WeeklySchedule = {};
  for (const day of WEEK) {
    if (day === closedDay) week[day] = { status: "closed" };
    else if (day === maybeDay) week[day] = { status: "maybe", open, close };
    else week[day] = { status: "open", open, close };
  }
  return week;
}

function phone(random: Random): string {
  return `+91 ${random.pick(["98", "97", "99", "88", "70", "63"])}${random.int(100, 999)} ${random.int(10000, 99999)}`;
}

const DISCOVERY: DiscoveryTag[] = [
  "hidden gem",
  "popular spot",
  "budget friendly",
  "late night eats",
  "student favourite",
  "family friendly",
  "trending now",
];

function pickSome<T>(random: Random, items: readonly T[], min: number, max: number): T[] {
  const pool = [...items];
  const count = Math.min(pool.length, random.int(min, max));
  const chosen: T[] = [];
  while (chosen.length < count) chosen.push(pool.splice(Math.floor(random.next() * pool.length), 1)[0] as T);
  return chosen;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function jitter(random: Random, degrees: number): number {
  return (random.next() - 0.5) * 2 * degrees;
}

function makeStall(random: Random, place: Neighbourhood, archetype: Archetype, now: number): NewStall {
  const owner = random.pick(OWNERS);
  const name = random.pick(archetype.names).replace("{owner}", owner);
  const rated = random.chance(0.9);
  const lateNight = archetype.hours === "late";
  const discovery = pickSome(random, DISCOVERY, 0, 2).filter((tag) => tag !== "late night eats" || lateNight);
  if (lateNight && !discovery.includes("late night eats") && random.chance(0.5))
    discovery.push("late night eats");
  return {
    name,
    description: random.pick(archetype.blurbs),
    category: archetype.category,
    location: `${place.landmark}, ${place.name}, ${place.city}`,
    latitude: Number((place.lat + jitter(random, 0.006)).toFixed(6)),
    longitude: Number((place.lng + jitter(random, 0.006)).toFixed(6)),
    contactNumber: phone(random),
    weeklySchedule: schedule(random, archetype.hours),
    menu: archetype.menu,
    thumbnailImage: `/stalls/${archetype.key}.svg`,
    images: [`/stalls/${archetype.key}.svg`, `/stalls/${random.pick(ARCHETYPES).key}.svg`],
    ratingAverage: rated ? Number((3.5 + random.next() * 1.5).toFixed(1)) : null,
    ratingCount: rated ? random.int(3, 420) : 0,
    isVerified: random.chance(0.3),
    status: "approved",
    createdBy: null,
    // About one stall in six is new this week, so Trending and the New filter have something real to show.
    createdAt:
      now - (random.chance(0.16) ? random.int(0, 6) : random.int(8, 120)) * DAY_MS - random.int(0, DAY_MS),
    tags: pickSome(random, archetype.tags, 2, Math.min(5, archetype.tags.length)),
    discoveryTags: discovery,
  };
}

/** The embedded seed: 64 approved stalls (3 or 4 in every neighbourhood) and 3 waiting for review. */
export function embeddedStalls(now: number): { approved: NewStall[]; pending: NewStall[] } {
  const random = seededRandom(20261121);
  const approved: NewStall[] = [];
  NEIGHBOURHOODS.forEach((place, index) => {
    const fits = ARCHETYPES.filter((a) => !a.cities || a.cities.includes(place.city));
    for (const archetype of pickSome(random, fits, index % 5 === 0 ? 4 : 3, index % 5 === 0 ? 4 : 3)) {
      approved.push(makeStall(random, place, archetype, now));
    }
  });
  const pending = [0, 10, 4].map((index) => ({
    ...makeStall(random, NEIGHBOURHOODS[index] as Neighbourhood, random.pick(ARCHETYPES), now),
    status: "pending" as const,
    ratingAverage: null,
    ratingCount: 0,
    isVerified: false,
    createdAt: now - random.int(1, 48) * 60 * 60 * 1000,
  }));
  return { approved, pending };
}

/** Large synthetic data for benchmarks: stalls scattered over both cities' neighbourhoods. */
export function syntheticStalls(count: number, seed: number, now: number): NewStall[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const place = random.pick(NEIGHBOURHOODS);
    const stall = makeStall(random, place, random.pick(ARCHETYPES), now);
    return {
      ...stall,
      shopUniqueId: `syn${seed.toString(36)}x${index.toString(36)}`,
      // Spread over about 15 km around each neighbourhood so density resembles a real city.
      latitude: Number((place.lat + jitter(random, 0.07)).toFixed(6)),
      longitude: Number((place.lng + jitter(random, 0.07)).toFixed(6)),
      name: `${stall.name} #${index + 1}`,
    };
  });
}

export const SEED_ACCOUNTS = [
  {
    email: "user@nukkad.test",
    password: "nukkad-user-2026",
    fullName: "Asha Rao",
    username: "asha",
    role: "user",
  },
  {
    email: "moderator@nukkad.test",
    password: "nukkad-mod-2026",
    fullName: "Vikram Mehta",
    username: "vikram_mod",
    role: "moderator",
  },
] as const;

/** People whose reviews stand behind the seeded ratings. They have no password: nobody signs in as them. */
export const SEED_REVIEWERS = [
  { email: "priya.nair@reviewers.nukkad.test", fullName: "Priya Nair", username: "priya_eats" },
  { email: "rohan.das@reviewers.nukkad.test", fullName: "Rohan Das", username: "rohan_d" },
  { email: "fatima.sheikh@reviewers.nukkad.test", fullName: "Fatima Sheikh", username: "chai_fatima" },
  { email: "arjun.menon@reviewers.nukkad.test", fullName: "Arjun Menon", username: "arjun_m" },
  { email: "kavya.reddy@reviewers.nukkad.test", fullName: "Kavya Reddy", username: "kavya_r" },
  { email: "imran.khan@reviewers.nukkad.test", fullName: "Imran Khan", username: "imran_bites" },
] as const;

const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    "Worth the queue. I keep coming back.",
    "Best plate in the area, and friendly too.",
    "Absolutely loved it!",
  ],
  4: [
    "Tasty and fair prices; a little crowded in the evening.",
    "Good food, quick service.",
    "Solid. Try the special.",
  ],
  3: ["Decent, nothing special.", "Okay food; hygiene could be better.", "Good on a good day."],
  2: ["Cold when it reached me.", "Too oily for my taste."],
  1: ["Not what it used to be."],
};

export interface SeedReview {
  reviewer: number;
  rating: number;
  body: string | null;
  createdAt: number;
}

/**
 * The reviews behind a seeded stall's rating: a few reviewers whose whole-star ratings average to the seed's figure
 * as closely as their number allows. The stall's stored figures are then recomputed from these rows by the app's
 * own statement, so seeded stalls obey the same rule as every other (ADR 008). A PRNG of its own keeps the stalls
 * themselves exactly as before.
 */
export function seedReviews(stalls: NewStall[], now: number): SeedReview[][] {
  const random = seededRandom(8_2026);
  return stalls.map((stall) => {
    const target = stall.ratingAverage;
    if (target === null || target === undefined) return [];
    const count = random.int(2, SEED_REVIEWERS.length);
    const low = Math.floor(target);
    const highCount = low === 5 ? 0 : Math.round((target - low) * count);
    const reviewers = pickSome(random, [...SEED_REVIEWERS.keys()], count, count);
    const since = stall.createdAt ?? now - 30 * DAY_MS;
    return reviewers.map((reviewer, index) => {
      const rating = index < highCount ? low + 1 : low;
      const texts = REVIEW_TEXTS[rating] ?? [];
      return {
        reviewer,
        rating,
        body: random.chance(0.7) ? random.pick(texts) : null,
        createdAt: since + Math.floor(random.next() * (now - since)),
      };
    });
  });
}

export interface SeedTrail {
  title: string;
  description: string;
  /** Nukkad's own trail (no author), or a seeded reviewer's (index into SEED_REVIEWERS). */
  author: "curated" | number;
  /** Seeded reviewers who saved it. */
  savedBy: number[];
  /** Stalls of the embedded seed by name, in walking order, each with a tip. */
  stops: { stall: string; note: string | null }[];
  daysAgo: number;
}

/**
 * Food trails through the embedded stalls that really stand together (see embeddedStalls: each walk keeps to one
 * neighbourhood or two that touch), in an order that suits their hours: curated walks for /food-trails and a few by
 * the seeded reviewers, saved by the others, so the lists look lived in.
 */
export const SEED_TRAILS: SeedTrail[] = [
  {
    title: "VV Puram Evening Food Street Crawl",
    description:
      "Bangalore's Food Street comes alive after dark. Start with momos near Gandhi Bazaar, walk up to Sajjan Rao Circle for bhature and a pizza off the cart, and finish with jalebis hot from the kadhai. Best from 6 pm; most carts rest on Mondays.",
    author: "curated",
    savedBy: [0, 2, 4],
    stops: [
      { stall: "Raju's Momo Stall", note: "Fried momos with the red chutney to start." },
      { stall: "Baba Meena Bhature Wala", note: "Share one plate: there is a lot more walk to come." },
      { stall: "Chotu Pizza Cart", note: null },
      { stall: "Sharma Jalebi Wala", note: "Ask for rabri on the side." },
    ],
    daysAgo: 40,
  },
  {
    title: "Malleshwaram Morning: Dosa, Chai and Cane Juice",
    description:
      "A slow morning in old Malleshwaram around the 8th Cross market: crisp dosas and filter coffee at a standing darshini, cutting chai, then a glass of sugarcane juice before the heat sets in.",
    author: "curated",
    savedBy: [1, 3],
    stops: [
      { stall: "Udupi Ganesh Darshini", note: "Masala dosa and a filter coffee, standing at the counter." },
      { stall: "Kadak Manju Chai", note: "Closed on Wednesdays." },
      { stall: "Pappu Juice Centre", note: "Sugarcane with ginger and lime." },
    ],
    daysAgo: 35,
  },
  {
    title: "Old Delhi Breakfast: Chandni Chowk to Jama Masjid",
    description:
      "Parathas in the lanes off Chandni Chowk, a South Indian detour, then down towards Jama Masjid for chai and a sandwich. Go early: the parathas are best before the market crowds arrive.",
    author: "curated",
    savedBy: [2, 5, 0, 3],
    stops: [
      { stall: "Harpreet Paratha House", note: "Aloo paratha with white butter." },
      { stall: "Udupi Iqbal Darshini", note: "Idli vada if you still have room; closed on Tuesdays." },
      { stall: "Chotu Chai Point", note: null },
      { stall: "Anand's Sandwich Stall", note: "A grilled Bombay sandwich for the road." },
    ],
    daysAgo: 30,
  },
  {
    title: "Amar Colony to Lajpat Nagar: Evening Chaat Walk",
    description:
      "From Amar Colony's chaat carts to Lajpat Nagar's Central Market, five minutes apart: tangy chaat, a vada pav, biryani if you are hungry, and a chai to finish.",
    author: "curated",
    savedBy: [4, 1],
    stops: [
      { stall: "Chatpata Nagaraj", note: "Dahi papdi chaat first, then pani puri." },
      { stall: "Nagaraj Vada Pav", note: null },
      { stall: "Pappu Military Hotel", note: "Closed on Tuesdays." },
      { stall: "Kamala Chai Point", note: "Ginger chai, and a samosa if there is room." },
    ],
    daysAgo: 25,
  },
  {
    title: "Connaught Place After Work",
    description:
      "Chole bhature before they run out, momos in the Inner Circle, and the egg cart that opens as the offices empty. A short walk around Janpath.",
    author: "curated",
    savedBy: [3],
    stops: [
      { stall: "Baba Venkatesh Bhature Wala", note: "Closes at 8 pm: start here." },
      { stall: "Tashi Dolma Momos", note: null },
      { stall: "Pappu's Egg Cart", note: "Anda bhurji pav, from 8:30 pm." },
    ],
    daysAgo: 20,
  },
  {
    title: "Chickpet Night Bites",
    description:
      "My after-shopping loop around Avenue Road: pani puri, a chai, and anda bhurji when the shops shut.",
    author: 0,
    savedBy: [1, 2, 5],
    stops: [
      { stall: "Anand's Pani Puri Corner", note: "Extra-spicy pani, trust me." },
      { stall: "Kadak Dolma Chai", note: null },
      { stall: "Iqbal Anda Bhurji", note: "Opens at 7 pm." },
    ],
    daysAgo: 12,
  },
  {
    title: "Jama Masjid Evening Plate",
    description: "Chaat, a sandwich and chai in the lanes around Matia Mahal before dinner.",
    author: 5,
    savedBy: [0, 4],
    stops: [
      { stall: "Chatpata Tenzin", note: null },
      { stall: "Anand's Sandwich Stall", note: null },
      { stall: "Chotu Chai Point", note: "Ends at 8 pm." },
    ],
    daysAgo: 8,
  },
  {
    title: "Frazer Town After Dark",
    description: "Noodles, hot jalebis and a late anda bhurji around Mosque Road.",
    author: 4,
    savedBy: [3],
    stops: [
      { stall: "Gupta Noodle Bar", note: null },
      { stall: "Nagaraj Jalebi Wala", note: "Eat them hot." },
      { stall: "Gupta Anda Bhurji", note: null },
    ],
    daysAgo: 3,
  },
];
