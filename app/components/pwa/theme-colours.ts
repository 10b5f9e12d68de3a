// The palette's saffron (--primary) and light background (--background) in app/app.css: the browser's bar and the
// installed app's splash screen.
export const THEME_COLOUR = "#c2410c";
export const BACKGROUND_COLOUR = "#fffaf3";
