import { createRequire } from 'node:module';
import type { RemoteInput } from '@cpm/contracts';
import * as PImage from 'pureimage';

/** A rectangle on the screen and what touching it does. */
type Hit = { x: number; y: number; w: number; h: number; action: Action };
type Action =
  | { type: 'add'; item: number }
  | { type: 'line'; index: number }
  | { type: 'category'; value: number }
  | { type: 'clear' | 'cash' | 'card' | 'newSale' | 'pinOk' | 'pinCancel' | 'pinDelete' | 'app' }
  | { type: 'pin'; digit: string };

const MENU = [
  [
    { name: 'Espresso', price: 18, color: '#8d5a3b' },
    { name: 'Latte', price: 24, color: '#c98b5e' },
    { name: 'Cappuccino', price: 24, color: '#b07348' },
    { name: 'Green tea', price: 16, color: '#5f9e4f' },
    { name: 'Orange juice', price: 20, color: '#f0a020' },
    { name: 'Lemonade', price: 15, color: '#d8c23a' },
    { name: 'Mineral water', price: 6, color: '#3b8fd1' },
    { name: 'Hot chocolate', price: 22, color: '#6b3f2a' },
    { name: 'Iced tea', price: 14, color: '#c0643c' },
  ],
  [
    { name: 'Croissant', price: 15, color: '#d99a3e' },
    { name: 'Bagel', price: 12, color: '#b58a58' },
    { name: 'Club sandwich', price: 32, color: '#7c9a3d' },
    { name: 'Cheesecake', price: 26, color: '#e0b84a' },
    { name: 'Muffin', price: 14, color: '#9c5a8a' },
    { name: 'Salad bowl', price: 30, color: '#4f9e6b' },
    { name: 'Soup of the day', price: 22, color: '#c0503a' },
    { name: 'Cookie', price: 8, color: '#a0703a' },
    { name: 'Fruit cup', price: 18, color: '#d0405a' },
  ],
];
const CATEGORIES = ['Drinks', 'Food'];

const FONT = { regular: 'PosSans', bold: 'PosSansBold' };
let fontsLoaded: Promise<void> | undefined;

/** Loads the screen's fonts (DejaVu Sans, shipped with the package) once per process. */
export const loadPosFonts = () => {
  fontsLoaded ??= (async () => {
    const require = createRequire(import.meta.url);
    await PImage.registerFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), FONT.regular).load();
    await PImage.registerFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'), FONT.bold).load();
  })();
  return fontsLoaded;
};

type Screen = 'till' | 'pin' | 'paid' | 'recents';
type Bitmap = ReturnType<typeof PImage.make>;
type Ctx = ReturnType<Bitmap['getContext']>;

const money = (n: number) => `¥${n.toFixed(2)}`;
const LANDSCAPE = { width: 800, height: 480 };

/**
 * A cashier app as a till shows it: a menu (drinks and food, swipe to switch), the order with its
 * total, cash and card payment, and a PIN pad that the terminal marks secure. Touch, keys, text and
 * rotation change it; `render` draws it into an RGBA bitmap.
 */
export const createPosScreen = (o: { storeName: string; till: string; now?: () => Date }) => {
  const now = o.now ?? (() => new Date());
  let screen: Screen = 'till';
  let category = 0;
  let portrait = false;
  let order: { item: number; category: number; qty: number }[] = [];
  let note = '';
  let pin = '';
  let paid: { total: number; method: 'cash' | 'card' } | null = null;
  let remoteBy: string | null = null;
  /** The fence that locked payment, while it is locked. */
  let lockedBy: string | null = null;
  let hits: Hit[] = [];
  let bitmap: Bitmap | null = null;

  const size = () => (portrait ? { width: LANDSCAPE.height, height: LANDSCAPE.width } : { ...LANDSCAPE });
  const total = () => order.reduce((sum, l) => sum + MENU[l.category][l.item].price * l.qty, 0);

  const act = (a: Action) => {
    switch (a.type) {
      case 'add': {
        const line = order.find((l) => l.item === a.item && l.category === category);
        if (line) line.qty++;
        else order.push({ item: a.item, category, qty: 1 });
        return;
      }
      case 'category':
        category = a.value;
        return;
      case 'clear':
        order = [];
        note = '';
        return;
      case 'cash':
        if (order.length && lockedBy === null) {
          paid = { total: total(), method: 'cash' };
          screen = 'paid';
        }
        return;
      case 'card':
        if (order.length && lockedBy === null) {
          pin = '';
          screen = 'pin';
        }
        return;
      case 'pin':
        if (pin.length < 6) pin += a.digit;
        return;
      case 'pinDelete':
        pin = pin.slice(0, -1);
        return;
      case 'pinCancel':
        pin = '';
        screen = 'till';
        return;
      case 'pinOk':
        if (pin.length >= 4) {
          paid = { total: total(), method: 'card' };
          pin = '';
          screen = 'paid';
        }
        return;
      case 'newSale':
        order = [];
        note = '';
        paid = null;
        screen = 'till';
        return;
      case 'app':
        screen = 'till';
        return;
      case 'line':
        return;
    }
  };

  const hitAt = (x: number, y: number) => {
    const { width, height } = size();
    const px = x * width;
    const py = y * height;
    return hits.find((h) => px >= h.x && px < h.x + h.w && py >= h.y && py < h.y + h.h);
  };

  // Drawing helpers.
  const box = (ctx: Ctx, x: number, y: number, w: number, h: number, color: string, r = 8) => {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
    ctx.fill();
  };
  const label = (ctx: Ctx, s: string, x: number, y: number, px: number, color: string, bold = false) => {
    ctx.fillStyle = color;
    ctx.font = `${px}px ${bold ? FONT.bold : FONT.regular}`;
    ctx.fillText(s, x, y);
  };
  const width = (ctx: Ctx, s: string, px: number, bold = false) => {
    ctx.font = `${px}px ${bold ? FONT.bold : FONT.regular}`;
    return ctx.measureText(s).width;
  };
  const button = (
    ctx: Ctx,
    s: string,
    x: number,
    y: number,
    w: number,
    h: number,
    color: string,
    action: Action,
  ) => {
    box(ctx, x, y, w, h, color);
    const px = 18;
    label(ctx, s, x + (w - width(ctx, s, px, true)) / 2, y + h / 2 + 7, px, '#ffffff', true);
    hits.push({ x, y, w, h, action });
  };

  const statusBar = (ctx: Ctx, w: number) => {
    ctx.fillStyle = remoteBy || lockedBy !== null ? '#c62828' : '#1f2933';
    ctx.fillRect(0, 0, w, 28);
    const clock = now().toTimeString().slice(0, 8);
    const title = remoteBy
      ? `Remote assistance: ${remoteBy}`
      : lockedBy !== null
        ? `Payment locked: outside ${lockedBy}`
        : 'Cashier';
    label(ctx, title, 10, 20, 14, '#ffffff');
    label(
      ctx,
      `${clock}   Wi-Fi   86%`,
      w - width(ctx, `${clock}   Wi-Fi   86%`, 14) - 10,
      20,
      14,
      '#ffffff',
    );
  };

  const drawTill = (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = '#f3f4f6';
    ctx.fillRect(0, 28, w, h - 28);
    // Header with the store and the category tabs.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 28, w, 48);
    label(ctx, o.storeName, 14, 60, 20, '#111827', true);
    const tillText = `Till ${o.till}`;
    label(ctx, tillText, 14 + width(ctx, o.storeName, 20, true) + 14, 60, 14, '#6b7280');
    let tx = w - 10;
    for (let c = CATEGORIES.length - 1; c >= 0; c--) {
      const tw = 96;
      tx -= tw;
      box(ctx, tx, 36, tw - 6, 32, c === category ? '#2563eb' : '#e5e7eb', 16);
      const name = CATEGORIES[c];
      label(
        ctx,
        name,
        tx + (tw - 6 - width(ctx, name, 15, true)) / 2,
        57,
        15,
        c === category ? '#ffffff' : '#374151',
        true,
      );
      hits.push({ x: tx, y: 36, w: tw - 6, h: 32, action: { type: 'category', value: c } });
    }
    // Menu grid and order panel, side by side or stacked.
    const gridArea = portrait
      ? { x: 8, y: 84, w: w - 16, h: Math.round(h * 0.46) }
      : { x: 8, y: 84, w: Math.round(w * 0.6), h: h - 92 };
    const orderArea = portrait
      ? { x: 8, y: gridArea.y + gridArea.h + 8, w: w - 16, h: h - (gridArea.y + gridArea.h + 16) }
      : { x: gridArea.x + gridArea.w + 8, y: 84, w: w - gridArea.w - 24, h: h - 92 };
    const cols = 3;
    const rows = 3;
    const gap = 8;
    const tw = (gridArea.w - gap * (cols - 1)) / cols;
    const th = (gridArea.h - gap * (rows - 1)) / rows;
    MENU[category].forEach((item, i) => {
      const x = gridArea.x + (i % cols) * (tw + gap);
      const y = gridArea.y + Math.floor(i / cols) * (th + gap);
      box(ctx, x, y, tw, th, '#ffffff');
      ctx.fillStyle = item.color;
      ctx.fillRect(x, y, 6, th);
      label(ctx, item.name, x + 16, y + th / 2 - 4, 16, '#111827', true);
      label(ctx, money(item.price), x + 16, y + th / 2 + 20, 15, '#4b5563');
      hits.push({ x, y, w: tw, h: th, action: { type: 'add', item: i } });
    });
    // The order.
    box(ctx, orderArea.x, orderArea.y, orderArea.w, orderArea.h, '#ffffff');
    label(ctx, 'Current order', orderArea.x + 14, orderArea.y + 28, 17, '#111827', true);
    const lineH = 26;
    const buttonsH = 48;
    const maxLines = Math.max(1, Math.floor((orderArea.h - 40 - 36 - 28 - buttonsH - 16) / lineH));
    if (!order.length)
      label(ctx, 'Tap an item to start a sale', orderArea.x + 14, orderArea.y + 62, 14, '#9ca3af');
    order.slice(-maxLines).forEach((line, i) => {
      const index = Math.max(0, order.length - maxLines) + i;
      const item = MENU[line.category][line.item];
      const y = orderArea.y + 44 + i * lineH;
      label(ctx, `${line.qty} x ${item.name}`, orderArea.x + 14, y + 17, 14, '#1f2937');
      const price = money(item.price * line.qty);
      label(ctx, price, orderArea.x + orderArea.w - 14 - width(ctx, price, 14), y + 17, 14, '#1f2937');
      hits.push({ x: orderArea.x, y, w: orderArea.w, h: lineH, action: { type: 'line', index } });
    });
    const bottom = orderArea.y + orderArea.h;
    if (note) label(ctx, `Note: ${note}`, orderArea.x + 14, bottom - buttonsH - 58, 13, '#6b7280');
    ctx.fillStyle = '#e5e7eb';
    ctx.fillRect(orderArea.x + 14, bottom - buttonsH - 46, orderArea.w - 28, 1);
    label(ctx, 'Total', orderArea.x + 14, bottom - buttonsH - 18, 18, '#111827', true);
    const t = money(total());
    label(
      ctx,
      t,
      orderArea.x + orderArea.w - 14 - width(ctx, t, 22, true),
      bottom - buttonsH - 16,
      22,
      '#111827',
      true,
    );
    const bw = (orderArea.w - 28 - 16) / 3;
    const by = bottom - buttonsH - 6;
    button(ctx, 'Clear', orderArea.x + 14, by, bw, buttonsH - 4, '#6b7280', { type: 'clear' });
    const payColor = (color: string) => (lockedBy === null ? color : '#9ca3af');
    button(ctx, 'Cash', orderArea.x + 14 + bw + 8, by, bw, buttonsH - 4, payColor('#16a34a'), {
      type: 'cash',
    });
    button(ctx, 'Card', orderArea.x + 14 + 2 * (bw + 8), by, bw, buttonsH - 4, payColor('#2563eb'), {
      type: 'card',
    });
  };

  const drawPin = (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = '#0f172a';
    ctx.fillRect(0, 28, w, h - 28);
    const amount = money(total());
    label(ctx, 'Card payment', (w - width(ctx, 'Card payment', 18)) / 2, 64, 18, '#cbd5e1');
    label(ctx, amount, (w - width(ctx, amount, 30, true)) / 2, 104, 30, '#ffffff', true);
    const dots = pin.replace(/./g, '● ') || 'Enter PIN';
    label(ctx, dots, (w - width(ctx, dots, 22)) / 2, 142, 22, '#e2e8f0');
    const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'C', '0', 'OK'];
    const kw = Math.min(110, (w - 60) / 3);
    const kh = Math.min(62, (h - 180) / 4 - 8);
    const left = (w - (3 * kw + 16)) / 2;
    keys.forEach((k, i) => {
      const x = left + (i % 3) * (kw + 8);
      const y = 160 + Math.floor(i / 3) * (kh + 8);
      const action: Action =
        k === 'C' ? { type: 'pinCancel' } : k === 'OK' ? { type: 'pinOk' } : { type: 'pin', digit: k };
      button(ctx, k, x, y, kw, kh, k === 'C' ? '#b91c1c' : k === 'OK' ? '#15803d' : '#334155', action);
    });
  };

  const drawPaid = (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = '#ecfdf5';
    ctx.fillRect(0, 28, w, h - 28);
    const title = 'Payment approved';
    label(ctx, title, (w - width(ctx, title, 28, true)) / 2, h / 2 - 50, 28, '#065f46', true);
    const detail = `${money(paid?.total ?? 0)} by ${paid?.method ?? 'cash'}`;
    label(ctx, detail, (w - width(ctx, detail, 20)) / 2, h / 2 - 12, 20, '#047857');
    button(ctx, 'New sale', (w - 200) / 2, h / 2 + 20, 200, 54, '#059669', { type: 'newSale' });
  };

  const drawRecents = (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = '#374151';
    ctx.fillRect(0, 28, w, h - 28);
    const apps = ['Cashier', 'CPM Agent', 'Settings'];
    const cw = portrait ? w - 80 : (w - 80) / 3 - 10;
    const ch = portrait ? (h - 120) / 3 - 12 : h - 140;
    apps.forEach((app, i) => {
      const x = portrait ? 40 : 40 + i * (cw + 15);
      const y = portrait ? 60 + i * (ch + 12) : 70;
      box(ctx, x, y, cw, ch, '#f9fafb', 12);
      label(ctx, app, x + 16, y + 32, 18, '#111827', true);
      hits.push({ x, y, w: cw, h: ch, action: { type: 'app' } });
    });
  };

  return {
    /** Screen size in pixels (it turns with rotation). */
    size,
    /** PIN entry is secure: never captured, and remote touches do not reach it. */
    isSecure: () => screen === 'pin',
    screen: () => screen,
    /**
     * Locks payment (cash and card do nothing, the bar says why) or, with null, unlocks it. A sale
     * waiting for its PIN is cancelled.
     */
    setPaymentLock(fence: string | null) {
      lockedBy = fence;
      if (fence !== null && screen === 'pin') act({ type: 'pinCancel' });
    },
    paymentLocked: () => lockedBy !== null,
    /** Shows (or hides, with null) that a remote session is running. */
    setRemote(operator: string | null) {
      remoteBy = operator;
    },
    /** Applies a remote input; answers whether the screen changed. */
    input(input: RemoteInput): boolean {
      const secure = screen === 'pin';
      switch (input.kind) {
        case 'key':
          if (input.key === 'recents') screen = 'recents';
          else if (input.key === 'home') screen = 'till';
          else if (screen === 'paid') act({ type: 'newSale' });
          else if (screen !== 'till') act({ type: 'pinCancel' });
          return true;
        case 'rotate':
          portrait = !portrait;
          return true;
        case 'text':
          if (secure || screen !== 'till') return false;
          note = (note + input.text).slice(0, 40);
          return true;
        case 'tap': {
          if (secure) return false;
          const hit = hitAt(input.x, input.y);
          if (!hit) return false;
          act(hit.action);
          return true;
        }
        case 'longPress': {
          if (secure) return false;
          const hit = hitAt(input.x, input.y);
          if (hit?.action.type !== 'line') return false;
          order.splice(hit.action.index, 1);
          return true;
        }
        case 'swipe': {
          if (secure || screen !== 'till') return false;
          const dx = input.x2 - input.x1;
          if (Math.abs(dx) < 0.1) return false;
          category = dx < 0 ? Math.min(CATEGORIES.length - 1, category + 1) : Math.max(0, category - 1);
          return true;
        }
      }
    },
    /** A touch by the person at the terminal (the simulation's own hand), with pixel coordinates. */
    touch(x: number, y: number) {
      const { width: w, height: h } = size();
      const hit = hitAt(x / w, y / h);
      if (hit) act(hit.action);
    },
    /** Draws the current screen into the bitmap and answers it (RGBA, `size()`). */
    render(): Bitmap {
      const { width: w, height: h } = size();
      if (!bitmap || bitmap.width !== w || bitmap.height !== h) bitmap = PImage.make(w, h);
      const ctx = bitmap.getContext('2d');
      hits = [];
      statusBar(ctx, w);
      if (screen === 'till') drawTill(ctx, w, h);
      else if (screen === 'pin') drawPin(ctx, w, h);
      else if (screen === 'paid') drawPaid(ctx, w, h);
      else drawRecents(ctx, w, h);
      return bitmap;
    },
  };
};

export type PosScreen = ReturnType<typeof createPosScreen>;
