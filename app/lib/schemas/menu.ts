import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { cleanText, requiredText } from "~/lib/schemas/clean-text";

export const menuItemSchema = z.object({
  item: requiredText(msg("Item name is required"), 80, msg("Item name must be at most 80 characters")),
  price: z.number().nonnegative(msg("Price cannot be negative")).max(100000).nullable().default(null),
  description: cleanText().max(200, msg("Description must be at most 200 characters")).default(""),
});

export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.array(menuItemSchema).max(50, msg("At most 50 menu items"));
