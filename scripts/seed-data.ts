// The embedded seed: plausible stalls in real neighbourhoods of Bangalore and Delhi, and a generator of large
// synthetic data for benchmarks. Deterministic (seeded PRNG), so every fresh machine shows the same stalls.

import type { DiscoveryTag } from "../app/lib/rules/options";
import type { WeeklySchedule } from "../app/lib/rules/schedule";
import type { MenuItem } from "../app/lib/schemas/menu";
import type { NewStall } from "../app/models/stall/stall.server";

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

/**
 * The Hindi names of the labels the seed shows (ADR 035): the stalls' categories, the menu words /search counts and
 * the dishes that have aliases (migration 0008). The picker's tags are not here: their Hindi is in the catalogue.
 */
export const SEED_LABEL_NAMES: Record<string, string> = {
  // Categories.
  Chaat: "चाट",
  "South Indian": "दक्षिण भारतीय",
  Tibetan: "तिब्बती",
  Biryani: "बिरयानी",
  "Kebabs and Rolls": "कबाब और रोल",
  "Tea and Snacks": "चाय-नाश्ता",
  "North Indian": "उत्तर भारतीय",
  Desserts: "मिठाइयाँ",
  "Late Night": "देर रात",
  Fusion: "फ़्यूज़न",
  // Menu words (biryani is a category above).
  tea: "चाय",
  coffee: "कॉफ़ी",
  samosa: "समोसा",
  dosa: "डोसा",
  momos: "मोमोज़",
  sandwich: "सैंडविच",
  burger: "बर्गर",
  // Dishes (samosa, dosa, momos, coffee, chaat and biryani are above).
  "aloo tikki": "आलू टिक्की",
  "bhel puri": "भेल पूरी",
  bonda: "बोंडा",
  "bun maska": "बन मस्का",
  chaas: "छाछ",
  chai: "चाय",
  "chole bhature": "छोले भटूरे",
  "curd rice": "दही चावल",
  dabeli: "दाबेली",
  "dahi vada": "दही वड़ा",
  egg: "अंडा",
  falooda: "फ़ालूदा",
  "gulab jamun": "गुलाब जामुन",
  halwa: "हलवा",
  idli: "इडली",
  jalebi: "जलेबी",
  kachori: "कचौड़ी",
  "kathi roll": "काठी रोल",
  kebab: "कबाब",
  kulcha: "कुलचा",
  kulfi: "कुल्फ़ी",
  lassi: "लस्सी",
  "lemon rice": "नींबू चावल",
  "litti chokha": "लिट्टी चोखा",
  "mirchi bajji": "मिर्ची बज्जी",
  "misal pav": "मिसल पाव",
  pakora: "पकौड़ा",
  paneer: "पनीर",
  "pani puri": "पानी पूरी",
  paratha: "पराठा",
  "pav bhaji": "पाव भाजी",
  poha: "पोहा",
  pulao: "पुलाव",
  rabri: "रबड़ी",
  rasgulla: "रसगुल्ला",
  roti: "रोटी",
  sambar: "सांबर",
  shikanji: "शिकंजी",
  "sugarcane juice": "गन्ने का रस",
  thukpa: "थुकपा",
  upma: "उपमा",
  uttapam: "उत्तपम",
  vada: "वड़ा",
  "vada pav": "वड़ा पाव",
};

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

/** Everyone the seed signs up by username: the README's two accounts and the six reviewers. */
export type SeedPerson =
  | (typeof SEED_ACCOUNTS)[number]["username"]
  | (typeof SEED_REVIEWERS)[number]["username"];

export interface SeedComment {
  by: SeedPerson;
  text: string;
  /** Replies to this comment (one level: a reply has none). */
  replies?: { by: SeedPerson; text: string }[];
}

export interface SeedPost {
  by: SeedPerson;
  type: "review" | "discovery" | "tip";
  /** A stall of the embedded seed by a name no other seeded stall has. */
  stall: string;
  hoursAgo: number;
  text: string;
  /** Shows the stall's first picture with the post. */
  photo?: boolean;
  /** How many of the others like and save it (who is picked by the seed, deterministically). */
  likes: number;
  saves: number;
  comments?: SeedComment[];
}

/**
 * The community feed of a fresh install (issue 19): posts of the eight seeded people about the embedded stalls, over
 * the last ten days, with likes, saves, comments and a few @mentions and #tags, so /feed and Trending look lived in.
 */
export const SEED_POSTS: SeedPost[] = [
  {
    by: "chai_fatima",
    type: "tip",
    stall: "Meena Chaat Bhandar",
    hoursAgo: 2,
    text: "Meena Chaat Bhandar, Kamla Nagar: say 'kam meetha' if you don't want your papdi chaat drowning in saunth. The DU crowd packs it from 4 to 7, so go at 3:30 and get the aloo tikki while the tawa is still hot. #kamlanagar #chaat",
    likes: 2,
    saves: 1,
  },
  {
    by: "priya_eats",
    type: "review",
    stall: "Anand's Pani Puri Corner",
    hoursAgo: 3,
    text: "Went back to Anand's Pani Puri Corner after the Avenue Road shopping madness and it's still the best pani in Chickpet. Ask for teekha pani: he stirs a spoon of green chilli paste into it right in front of you. ₹40 for six, and a sukha puri with masala at the end if you smile. #panipuri #chickpet",
    photo: true,
    likes: 6,
    saves: 2,
    comments: [
      { by: "rohan_d", text: "The sukha puri at the end is the real reason I go." },
      {
        by: "imran_bites",
        text: "How teekha are we talking?",
        replies: [{ by: "priya_eats", text: "Eyes-watering. Worth it." }],
      },
    ],
  },
  {
    by: "rohan_d",
    type: "tip",
    stall: "Chotu's Tea Stall",
    hoursAgo: 5,
    text: "Chotu's Tea Stall on Gandhi Bazaar has started a pepper-jaggery kashaya in the mornings, before the chai crowd arrives. ₹20, steel tumbler, exactly what you want with a November cold. #basavanagudi #kashaya",
    likes: 3,
    saves: 1,
  },
  {
    by: "imran_bites",
    type: "discovery",
    stall: "Salim Kebab Corner",
    hoursAgo: 7,
    text: "Salim Kebab Corner just opened near the New Aruna Nagar gate: galouti-style seekh on a warm paratha with mint chutney and raw onion, ₹140. Soft enough to eat with a spoon. Early days, but very promising. @vikram_mod you need to try this. #majnukatilla #kebab",
    likes: 4,
    saves: 2,
    comments: [{ by: "vikram_mod", text: "Friday after work. Save me a seat on the bench." }],
  },
  {
    by: "rohan_d",
    type: "tip",
    stall: "Udupi Ganesh Darshini",
    hoursAgo: 9,
    text: "Tip for Udupi Ganesh Darshini: get there before 7:30. After that the benne dosa queue goes round the corner and the chutney runs thin. Pay at the counter first, collect your token, then stand near the tawa: they call the numbers in Kannada only. #malleshwaram #dosa #breakfast",
    likes: 5,
    saves: 3,
    comments: [
      { by: "arjun_m", text: "Also: the filter coffee is better from the second decoction, around 8." },
    ],
  },
  {
    by: "kavya_r",
    type: "discovery",
    stall: "Kadak Dolma Chai",
    hoursAgo: 14,
    text: "Found a tiny chai stall wedged between two saree shops off Avenue Road. Kadak Dolma Chai: ginger strong enough to clear your sinuses, served in proper glasses, ₹15. The bun maska is soft and she slices it fresh. Sat on the steps watching the handcarts go by for half an hour. @priya_eats this one is for your Chickpet trail! #chai #hiddengem",
    likes: 5,
    saves: 2,
    comments: [
      {
        by: "priya_eats",
        text: "Adding it between the pani puri and the anda bhurji. Thank you!",
        replies: [{ by: "kavya_r", text: "Go before 6, she closes the kettle early on Sundays." }],
      },
    ],
  },
  {
    by: "rohan_d",
    type: "review",
    stall: "Bhai Venkatesh Dum Biryani",
    hoursAgo: 20,
    text: "Bhai Venkatesh Dum Biryani near Russell Market: the mutton biryani came out of the handi at 12:40 and the whole lane smelled of it. Meat falls off the bone, and the rice is seeraga samba, not basmati: proper Bangalore style. ₹250 a plate, raita free. Gone by 2:30 on Sunday. #biryani #shivajinagar",
    photo: true,
    likes: 7,
    saves: 4,
    comments: [
      { by: "arjun_m", text: "Seeraga samba or nothing 🙌" },
      {
        by: "kavya_r",
        text: "Is the chicken one as good?",
        replies: [{ by: "rohan_d", text: "Chicken is good. Mutton is the reason to go." }],
      },
    ],
  },
  {
    by: "kavya_r",
    type: "tip",
    stall: "Gupta Anda Bhurji",
    hoursAgo: 26,
    text: "Frazer Town tip: Gupta Anda Bhurji makes a 'double anda' bhurji pav that is not on the board. Just ask. Carry change: UPI works only when his nephew's phone is around. #frazertown #latenight #anda",
    likes: 4,
    saves: 2,
  },
  {
    by: "vikram_mod",
    type: "tip",
    stall: "Harpreet's Tea Stall",
    hoursAgo: 28,
    text: "सरोजिनी नगर बाबू मार्केट में Harpreet's Tea Stall की इलायची चाय ज़रूर पीजिए: ₹15, और साथ में मठरी। शाम 5 बजे के बाद भीड़ बहुत होती है। #चाय #sarojininagar",
    likes: 3,
    saves: 0,
  },
  {
    by: "arjun_m",
    type: "discovery",
    stall: "Namma Nagaraj Upahara",
    hoursAgo: 30,
    text: "Akki roti in Koramangala, of all places! Namma Nagaraj Upahara is a small cart on the 5th Block side of Forum. Patted out on a banana leaf with dill and onion, butter on top and chutney pudi on the side, ₹50. Reminded me of my ajji's kitchen in Mysuru. #akkiroti #koramangala",
    likes: 5,
    saves: 3,
    comments: [{ by: "asha", text: "Is it there on weekdays? I work right across." }],
  },
  {
    by: "asha",
    type: "review",
    stall: "Raju's Momo Stall",
    hoursAgo: 34,
    text: "Raju's Momo Stall: the fried momos have a crisp bottom and a soft top, like potstickers. The red chutney is fierce (garlic, dried chilli, a bit of tomato). Veg momos were a bit bland, chicken much better. Eight for ₹100. @rohan_d you were right about the chutney. #momos #basavanagudi",
    likes: 5,
    saves: 1,
    comments: [{ by: "rohan_d", text: "Told you! Next time get the thukpa on a cold evening." }],
  },
  {
    by: "vikram_mod",
    type: "tip",
    stall: "Kadak Manju Chai",
    hoursAgo: 40,
    text: "Kadak Manju Chai is shut on Wednesdays: found out the hard way this morning. Every other day it's the best cutting chai on 8th Cross, and the Osmania biscuits come from a bakery two lanes away. #malleshwaram #chai",
    likes: 2,
    saves: 1,
  },
  {
    by: "priya_eats",
    type: "discovery",
    stall: "Sharma Jalebi Wala",
    hoursAgo: 46,
    text: "VV Puram Food Street, 9 pm: Sharma Jalebi Wala frying jalebis in a kadhai the size of a tractor tyre. Hot, crackly, dunked in syrup straight off the oil, with rabri on the side for ₹80. The queue moves fast, don't let it scare you. #vvpuram #jalebi #dessert",
    photo: true,
    likes: 6,
    saves: 3,
    comments: [
      { by: "kavya_r", text: "The rabri is made in the afternoon, so it's still warm at 9. Heaven." },
      { by: "asha", text: "Going on Saturday with my cousins. How many plates for four?" },
    ],
  },
  {
    by: "imran_bites",
    type: "review",
    stall: "Harpreet Paratha House",
    hoursAgo: 52,
    text: "Paranthe Wali Gali, 8 am. Harpreet Paratha House fries its parathas in desi ghee instead of roasting them, so they puff up like kachoris. Had the aloo and the rabri paratha (yes, sweet). They come with aloo-methi, kaddu ki sabzi and a banana-tamarind chutney I'd drink by the glass. ₹70 to ₹90 each. #chandnichowk #paratha #olddelhi",
    photo: true,
    likes: 7,
    saves: 5,
    comments: [
      { by: "chai_fatima", text: "Rabri paratha is elite. The papad one is underrated too." },
      {
        by: "vikram_mod",
        text: "Went at 11 and waited 20 minutes. Early is right.",
        replies: [{ by: "imran_bites", text: "Before 9 or after 4, never in between." }],
      },
    ],
  },
  {
    by: "chai_fatima",
    type: "tip",
    stall: "Chotu Chai Point",
    hoursAgo: 58,
    text: "Chotu Chai Point at Matia Mahal closes at 8 pm sharp, even when the rest of the bazaar is just waking up. Have your chai first, then go and eat. Ask for it 'malai maar ke'. #jamamasjid #chai",
    likes: 3,
    saves: 2,
  },
  {
    by: "priya_eats",
    type: "discovery",
    stall: "Ganesh Akki Roti Stall",
    hoursAgo: 60,
    text: "@arjun_m found your akki roti's twin! Ganesh Akki Roti Stall in Jayanagar 4th Block also does ragi roti with a coconut and green chilli chutney. Done by 11 am, so no lazy Sundays. #jayanagar #akkiroti",
    likes: 4,
    saves: 2,
    comments: [{ by: "arjun_m", text: "Ragi roti? Now I have to go. This weekend." }],
  },
  {
    by: "asha",
    type: "review",
    stall: "Manju's Sandwich Stall",
    hoursAgo: 62,
    text: "Manju's Sandwich Stall: the veg burger is basically an aloo tikki in a buttered bun and I have no complaints. Quick, cheap (₹60), and good before a metro ride from Indiranagar. #indiranagar #snacks",
    likes: 2,
    saves: 0,
  },
  {
    by: "vikram_mod",
    type: "review",
    stall: "Baba Venkatesh Bhature Wala",
    hoursAgo: 64,
    text: "Baba Venkatesh Bhature Wala on Janpath: bhature the size of a plate, chole dark and tangy with amla, pickled onion and green chilli on the side. ₹120 for two. Finished by 1:45, so this is a lunch-break stall only. Worth the walk from Rajiv Chowk metro. #connaughtplace #cholebhature",
    likes: 6,
    saves: 3,
    comments: [
      { by: "imran_bites", text: "The pickled onion there is something else." },
      { by: "arjun_m", text: "Adding it to my Delhi list for next month." },
    ],
  },
  {
    by: "imran_bites",
    type: "discovery",
    stall: "Meena's Momo Stall",
    hoursAgo: 70,
    text: "Majnu ka Tilla, behind the monastery gate: Meena's Momo Stall does laphing in summer and jhol momos now that it's getting cold. The jhol is a sesame and tomato broth poured over steamed momos, and I've never had it anywhere else in Delhi. ₹120. @chai_fatima we are going this weekend. #majnukatilla #momos #tibetan",
    likes: 5,
    saves: 4,
    comments: [{ by: "chai_fatima", text: "Saturday, 6 pm. I'm in." }],
  },
  {
    by: "chai_fatima",
    type: "review",
    stall: "Chatpata Nagaraj",
    hoursAgo: 76,
    text: "Chatpata Nagaraj in Amar Colony: dahi papdi chaat with pomegranate, sweet curd, both chutneys and a generous shake of kala namak. The pani puri with hing pani is the one to get: most Delhi carts don't do hing. ₹60. #amarcolony #chaat",
    likes: 4,
    saves: 2,
  },
  {
    by: "arjun_m",
    type: "tip",
    stall: "Midnight Salim",
    hoursAgo: 82,
    text: "In Basavanagudi after 11 pm? Midnight Salim on Gandhi Bazaar Main Road is the only thing open. Masala Maggi with cheese is ₹50 and exactly what you need after a late show. He packs up around 2. #latenight #basavanagudi",
    likes: 3,
    saves: 1,
  },
  {
    by: "kavya_r",
    type: "review",
    stall: "Raju Noodle Bar",
    hoursAgo: 88,
    text: "Raju Noodle Bar on 100 Feet Road: the Thai basil noodles with chilli oil were properly spicy. The ramen broth was thin though, skip it. Good for a quick dinner before the pubs. #indiranagar #noodles",
    likes: 2,
    saves: 0,
  },
  {
    by: "priya_eats",
    type: "tip",
    stall: "Venkatesh Vada Pav",
    hoursAgo: 95,
    text: "At Venkatesh Vada Pav, ask for the pav to be toasted in butter on the tawa: ₹5 extra and it changes everything. The dry garlic chutney is Mumbai-level. #vadapav #basavanagudi",
    likes: 4,
    saves: 2,
  },
  {
    by: "rohan_d",
    type: "discovery",
    stall: "Pappu Juice Centre",
    hoursAgo: 100,
    text: "Sugarcane season is here. Pappu Juice Centre at 8th Cross crushes it with ginger and a whole lime, and the rollers are washed between batches (I watched). ₹30 a glass, ₹50 for the big one. Perfect after a dosa next door. #malleshwaram #juice",
    likes: 3,
    saves: 1,
  },
  {
    by: "vikram_mod",
    type: "review",
    stall: "Pappu Military Hotel",
    hoursAgo: 104,
    text: "Pappu Military Hotel, Lajpat Nagar: the name is Bangalore-style but the biryani is closer to Lucknow: mild, fragrant, and the potato is the best thing on the plate. ₹250 for mutton. Closed on Tuesdays. #lajpatnagar #biryani",
    likes: 3,
    saves: 1,
    comments: [{ by: "rohan_d", text: "A Lucknow biryani with a military hotel name. Only in Delhi." }],
  },
  {
    by: "asha",
    type: "discovery",
    stall: "Bombay Ganesh Snacks",
    hoursAgo: 110,
    text: "Jayanagar 4th Block has a proper Bombay sandwich now! Bombay Ganesh Snacks layers beetroot, potato, cucumber and tomato with green chutney and grills it in the long iron toaster. ₹70. The cheese chilli toast is great too. #jayanagar #sandwich",
    photo: true,
    likes: 4,
    saves: 2,
  },
  {
    by: "chai_fatima",
    type: "discovery",
    stall: "Salim's Momo Stall",
    hoursAgo: 114,
    text: "Salim's Momo Stall in Babu Market does tandoori momos: steamed, marinated, then charred in a tandoor. ₹120 for six. The mint mayo is too much, ask for the red chutney instead. #sarojininagar #momos",
    likes: 3,
    saves: 1,
  },
  {
    by: "vikram_mod",
    type: "tip",
    stall: "Sheekh Gupta",
    hoursAgo: 118,
    text: "Sheekh Gupta on Ajmal Khan Road: the seekh kebab roll is good, but the real move is the plate (two seekh, rumali, onion, mint chutney) for ₹160. He grills from 7 pm; before that it's rolls from the morning batch. #karolbagh #kebab",
    likes: 2,
    saves: 1,
  },
  {
    by: "arjun_m",
    type: "discovery",
    stall: "Pappu's Taco Truck",
    hoursAgo: 122,
    text: "Delhi trip find: Pappu's Taco Truck outside Hauz Khas Village. Paneer tikka tacos with pickled onion and a smoky chipotle-style mayo, three for ₹150. Fusion done with a straight face. #hauzkhas #tacos",
    photo: true,
    likes: 3,
    saves: 2,
  },
  {
    by: "imran_bites",
    type: "review",
    stall: "Bhai Bittu Dum Biryani",
    hoursAgo: 127,
    text: "Bhai Bittu Dum Biryani in Babu Market: the chicken biryani was fine, a bit heavy on kewra for me. The mutton is better. Fair prices for Sarojini (₹180 / ₹250). Come hungry after shopping. #sarojininagar #biryani",
    likes: 2,
    saves: 0,
  },
  {
    by: "kavya_r",
    type: "tip",
    stall: "Meena's Egg Cart",
    hoursAgo: 132,
    text: "Koramangala after midnight: Meena's Egg Cart near Forum does an egg paratha with cheese that's not on the menu. Tell her Kavya sent you 😄 #koramangala #latenight #anda",
    likes: 4,
    saves: 1,
  },
  {
    by: "chai_fatima",
    type: "discovery",
    stall: "Fresh Tenzin Ganne ka Ras",
    hoursAgo: 140,
    text: "The Hauz Khas Village gate has a ganne ka ras cart with pudina and kala namak, and he does a sugarcane and orange mix for ₹40 that tastes like November sunshine. Fresh Tenzin Ganne ka Ras: look for the green cart with the bell. #hauzkhas #juice",
    likes: 3,
    saves: 1,
  },
  {
    by: "kavya_r",
    type: "review",
    stall: "Iqbal Pizza Cart",
    hoursAgo: 148,
    text: "Iqbal Pizza Cart in Jayanagar: the spicy ramen was surprisingly good (miso broth, soft egg, lots of spring onion). The pizza was soggy though. Go for the bowls. #jayanagar #ramen",
    likes: 2,
    saves: 0,
  },
  {
    by: "arjun_m",
    type: "review",
    stall: "Sri Harpreet Dosa Camp",
    hoursAgo: 152,
    text: "A South Indian in Delhi, sceptical: Sri Harpreet Dosa Camp in Karol Bagh actually gets the masala dosa right. Crisp, not chewy, potato palya with mustard seeds and curry leaves. The sambar is Delhi-sweet though, and the filter coffee passable. 3.5 out of 5 from a Bangalorean. @imran_bites thanks for the tip. #karolbagh #dosa",
    likes: 4,
    saves: 1,
    comments: [
      {
        by: "imran_bites",
        text: "A 3.5 from you is a 5 from anyone else.",
        replies: [{ by: "arjun_m", text: "Fair 😂" }],
      },
    ],
  },
  {
    by: "asha",
    type: "tip",
    stall: "Iqbal's Tea Stall",
    hoursAgo: 158,
    text: "Iqbal's Tea Stall on 27th Main runs out of samosas by 5:30. Go at 4 when the second batch comes out of the kadhai: the potato has ajwain in it, very good. #hsrlayout #samosa #chai",
    likes: 3,
    saves: 1,
  },
  {
    by: "rohan_d",
    type: "review",
    stall: "Salim Chole Bhature",
    hoursAgo: 165,
    text: "Salim Chole Bhature in HSR is the closest thing to a Delhi chole bhature in Bangalore. The bhature aren't greasy, the chole have that dark tea-leaf colour, and the lassi is thick enough to stand a spoon in. ₹120. #hsrlayout #cholebhature",
    likes: 5,
    saves: 3,
    comments: [
      {
        by: "vikram_mod",
        text: "Strong claim. Will verify in person 😤",
        replies: [{ by: "rohan_d", text: "Lunch is on me if you disagree." }],
      },
    ],
  },
  {
    by: "kavya_r",
    type: "review",
    stall: "Raju Sweets",
    hoursAgo: 170,
    text: "Raju Sweets, HSR: gulab jamun served warm, two for ₹40. The kulfi falooda is a bit too sweet. Good enough that I came back twice in one week. #hsrlayout #gulabjamun",
    likes: 2,
    saves: 1,
  },
  {
    by: "vikram_mod",
    type: "discovery",
    stall: "Ramesh's Pani Puri Corner",
    hoursAgo: 176,
    text: "Ramesh's Pani Puri Corner, tucked into the mouth of Paranthe Wali Gali: six kinds of pani (jaljeera, hing, pudina, jeera, lemon and a sweet saunth one). Do the tasting round for ₹50. #chandnichowk #golgappe",
    likes: 4,
    saves: 2,
  },
  {
    by: "imran_bites",
    type: "review",
    stall: "Anand's Sandwich Stall",
    hoursAgo: 182,
    text: "Anand's Sandwich Stall near Matia Mahal: grilled Bombay sandwich stacked high, green chutney with a proper kick. After a heavy kebab dinner it's a strange choice, and yet. ₹70. #jamamasjid #sandwich",
    likes: 2,
    saves: 0,
  },
  {
    by: "priya_eats",
    type: "review",
    stall: "Chotu Pizza Cart",
    hoursAgo: 188,
    text: "Chotu Pizza Cart at VV Puram is a gimmick and I loved it. Wood-fired mini Margherita for ₹180, the crust blistered, the cheese real mozzarella. The kids in the queue were losing their minds. #vvpuram #pizza",
    likes: 3,
    saves: 1,
  },
  {
    by: "kavya_r",
    type: "discovery",
    stall: "Nagaraj Jalebi Wala",
    hoursAgo: 196,
    text: "Mosque Road in the evening: Nagaraj Jalebi Wala does imarti too, the urad dal cousin of the jalebi, thicker and less sour. Hot, with rabri, ₹60. #frazertown #imarti #mithai",
    likes: 3,
    saves: 2,
  },
  {
    by: "imran_bites",
    type: "tip",
    stall: "Pappu's Egg Cart",
    hoursAgo: 205,
    text: "Pappu's Egg Cart on Janpath sets up at 8:30 pm, right as the offices empty. The anda bhurji pav is made with Amul butter, not margarine, and you can taste the difference. #connaughtplace #anda",
    likes: 2,
    saves: 1,
  },
  {
    by: "chai_fatima",
    type: "review",
    stall: "Kamala Chai Point",
    hoursAgo: 214,
    text: "Kamala Chai Point in Lajpat Nagar Central Market: adrak chai in a kulhad for ₹20, and a bread pakora stuffed with aloo. She remembers your order by the second visit. #lajpatnagar #chai",
    likes: 3,
    saves: 1,
  },
  {
    by: "asha",
    type: "tip",
    stall: "Sheekh Sharma",
    hoursAgo: 221,
    text: "Sheekh Sharma at VV Puram stays open later than the rest of Food Street, till 2 am on weekends. Chicken tikka roll with extra onion, thank me later. #vvpuram #latenight",
    likes: 2,
    saves: 1,
  },
  {
    by: "arjun_m",
    type: "tip",
    stall: "Kamala Biryani Point",
    hoursAgo: 228,
    text: "Kamala Biryani Point does donne biryani on Sundays only; on weekdays it's the regular dum. Plan accordingly. #koramangala #donnebiryani",
    likes: 3,
    saves: 2,
  },
  {
    by: "rohan_d",
    type: "discovery",
    stall: "Harpreet Noodle Bar",
    hoursAgo: 236,
    text: "Harpreet Noodle Bar at Russell Market does a chilli garlic Maggi that has ruined regular Maggi for me forever. ₹80. #shivajinagar #maggi",
    likes: 2,
    saves: 0,
  },
];

/** Seeded stalls someone said 'Still here?' yes to: the stall's name, who, and how many days ago. */
export const SEED_STILL_HERE: { stall: string; by: SeedPerson; daysAgo: number }[] = [
  { stall: "Anand's Pani Puri Corner", by: "priya_eats", daysAgo: 0 },
  { stall: "Udupi Ganesh Darshini", by: "rohan_d", daysAgo: 1 },
  { stall: "Udupi Ganesh Darshini", by: "arjun_m", daysAgo: 4 },
  { stall: "Harpreet Paratha House", by: "imran_bites", daysAgo: 2 },
  { stall: "Kadak Dolma Chai", by: "kavya_r", daysAgo: 1 },
  { stall: "Baba Venkatesh Bhature Wala", by: "vikram_mod", daysAgo: 3 },
  { stall: "Sharma Jalebi Wala", by: "asha", daysAgo: 2 },
  { stall: "Chotu Chai Point", by: "chai_fatima", daysAgo: 5 },
  { stall: "Raju's Momo Stall", by: "asha", daysAgo: 6 },
  { stall: "Meena's Momo Stall", by: "chai_fatima", daysAgo: 3 },
  { stall: "Bhai Venkatesh Dum Biryani", by: "rohan_d", daysAgo: 8 },
  { stall: "Salim Chole Bhature", by: "kavya_r", daysAgo: 9 },
  { stall: "Pappu Juice Centre", by: "vikram_mod", daysAgo: 4 },
];
