/**
 * Spec section 9: the theme's sidebar width, for a column a page keeps beside its main content (the
 * help manual's contents). The frame's own menu has its sizes in the layout (280 / 70 px).
 */
export const THEME_SIDEBAR_WIDTH = 210;
