import { z } from "zod";
import { cleanText } from "~/lib/schemas/clean-text";

export const menuItemSchema = z.object({
  item: cleanText({ error: "Item name is required" })
    .min(1, "Item name is required")
    .max(80, "Item name must be at most 80 characters"),
  price: z.number().nonnegative("Price cannot be negative").max(100000).nullable().default(null),
  description: cleanText().max(200, "Description must be at most 200 characters").default(""),
});

export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.array(menuItemSchema).max(50, "At most 50 menu items");
