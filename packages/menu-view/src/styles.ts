/**
 * The one stylesheet of the public menu, as a string (decision: a TypeScript module, not a .css
 * file, so the server inlines it in the page's <head> without a file read or a bundler, the owner's
 * preview injects it with a <style> element, and tests can read it). Inlined, it costs no request
 * and no render-blocking round trip on the diner's phone, and it is small (budget: 15 KB gzip).
 *
 * Everything is scoped under `.cm` (classes `cm-*`), so it can sit inside the owner's dashboard.
 * Mobile first; wider layouts follow the menu's own width (container queries), so the 450 px preview
 * looks like a phone whatever the window. Colours come from custom properties set on the root by
 * `resolveTheme` (--cm-c1..3 raw, --cm-t1..3 readable as text, --cm-on1..3 text on them, --cm-f1..3).
 */
const css = /* css */ `
.cm{--cm-bg:#fff;--cm-fg:#1c1917;--cm-muted:#57534e;--cm-line:#e7e5e4;--cm-surface:#fff;--cm-soft:#f5f5f4;
  container-type:inline-size;position:relative;min-height:100vh;background:var(--cm-bg);color:var(--cm-fg);
  font-family:var(--cm-f2);font-size:1rem;line-height:1.5;-webkit-font-smoothing:antialiased;overflow-wrap:anywhere}
.cm *,.cm *::before,.cm *::after{box-sizing:border-box}
.cm--embedded{min-height:0}
/* resets stay at the lowest specificity (:where) so every component class overrides them */
:where(.cm) ::selection{background:var(--cm-c3);color:var(--cm-on3)}
:where(.cm) img{display:block;max-width:100%}
:where(.cm) picture{display:contents}
:where(.cm) a{color:inherit}
:where(.cm) :is(h1,h2,h3,p,ul,fieldset){margin:0}
:where(.cm) ul{padding:0;list-style:none}
:where(.cm) :focus-visible{outline:3px solid var(--cm-t2);outline-offset:2px;border-radius:4px}
.cm-main:focus{outline:none}
.cm-vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.cm-skip{position:absolute;left:12px;top:-80px;z-index:40;padding:10px 16px;border-radius:10px;background:#111;color:#fff;font-weight:600}
.cm-skip:focus{top:12px}
.cm-langs{display:flex;justify-content:flex-end;padding:2px 12px;background:var(--cm-surface,#fff);border-bottom:1px solid var(--cm-line,#e7e5e4);font-size:.82rem}
.cm-langs ul{display:flex;flex-wrap:wrap;gap:2px 4px;margin:0;padding:0;list-style:none}
.cm-langs a{display:inline-flex;align-items:center;min-height:32px;padding:4px 8px;border-radius:8px;color:inherit;text-decoration:none}
.cm-langs a:hover,.cm-langs a:focus-visible{text-decoration:underline}
.cm-langs a[aria-current]{font-weight:700;background:var(--cm-line,#e7e5e4)}
.cm-head-inner,.cm-main,.cm-footer,.cm-switcher,.cm-dish-top{width:100%;max-width:960px;margin-inline:auto;padding-inline:16px}
.cm-brand{display:flex;align-items:center;gap:10px}
.cm-logo{width:52px;height:52px;flex:none;object-fit:contain;border-radius:50%;background:#fff;box-shadow:0 0 0 1px var(--cm-line)}
.cm-logo--small{width:36px;height:36px}
.cm-eyebrow{font-size:.78rem;font-weight:700;letter-spacing:.14em;text-transform:uppercase;color:var(--cm-muted)}
.cm-title{font-family:var(--cm-f1);font-size:clamp(2rem,9cqi,3.25rem);font-weight:700;line-height:1.08;color:var(--cm-t1);margin-top:6px;overflow-wrap:normal;word-break:normal}
.cm-lede{margin-top:10px;max-width:60ch;color:var(--cm-muted);font-size:1.02rem}
.cm .cm-cta,.cm .cm-button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:10px 20px;border:0;border-radius:999px;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
.cm-cta{margin-top:16px;box-shadow:0 2px 8px rgb(0 0 0/.15)}
.cm .cm-button{background:var(--cm-c1);color:var(--cm-on1)}
.cm-js-only{display:none!important}
.cm-js .cm-js-only{display:inline-flex!important}

/* menus and categories */
.cm-switcher{margin-top:18px}
.cm-switcher ul{display:flex;gap:4px;overflow-x:auto;scrollbar-width:none;border-bottom:1px solid var(--cm-line)}
.cm-switcher a{display:block;padding:12px 14px 10px;border-bottom:3px solid transparent;color:var(--cm-muted);font-weight:700;text-decoration:none;white-space:nowrap}
.cm-switcher a[aria-current=page]{color:var(--cm-fg);border-color:var(--cm-c3)}
.cm-catnav{position:sticky;top:0;z-index:10;margin:12px -16px 0;padding:10px 16px;background:var(--cm-bg);overflow-x:auto;scrollbar-width:none;box-shadow:0 1px 0 var(--cm-line)}
.cm-catnav ul{display:flex;gap:8px;width:max-content}
.cm-catnav a{display:inline-flex;align-items:center;min-height:36px;padding:4px 14px;border:1px solid var(--cm-line);border-radius:999px;background:var(--cm-surface);font-size:.92rem;font-weight:600;text-decoration:none;white-space:nowrap}
.cm-catnav a:hover{border-color:var(--cm-c2)}
/* the section in view (the hydration script): colours only, so nothing moves */
.cm-catnav a[aria-current=location]{border-color:var(--cm-c1);background:var(--cm-c1);color:var(--cm-on1)}
.cm-section{padding-top:28px;scroll-margin-top:56px}
.cm-h2{font-family:var(--cm-f1);font-size:1.55rem;line-height:1.2;font-weight:700;margin-bottom:6px}
.cm-empty-note{margin-top:32px;color:var(--cm-muted)}

/* dish pieces */
.cm-name{font-family:var(--cm-f1);font-size:1.14rem;line-height:1.25;font-weight:700;color:var(--cm-t1)}
.cm-name a{text-decoration:none}
.cm-stretch::after{content:"";position:absolute;inset:0;z-index:1}
.cm-stretch:focus-visible{outline:none}
.cm-stretch:focus-visible::after{outline:3px solid var(--cm-t2);outline-offset:2px;border-radius:14px}
.cm-price{font-weight:700;white-space:nowrap;font-variant-numeric:tabular-nums}
.cm-desc{margin-top:4px;color:var(--cm-muted);font-size:.94rem}
.cm-desc>*+*{margin-top:.5em}
.cm-desc p,.cm-desc ul,.cm-desc ol{margin:0}
.cm-desc ul,.cm-desc ol{padding-left:1.2em}
.cm-clamp{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden}
.cm-ingredients{margin-top:6px;color:var(--cm-muted);font-size:.85rem;font-style:italic}
.cm-facts{margin-top:4px;color:var(--cm-muted);font-size:.8rem;font-weight:600;letter-spacing:.02em}
.cm-meta{display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px;margin-top:8px}
.cm-meta>.cm-facts{margin-top:0}
.cm-meta>.cm-badges{display:contents}
.cm-badges{display:flex;flex-wrap:wrap;gap:6px;margin-top:8px}
.cm-badge{padding:2px 9px;border-radius:999px;background:var(--cm-soft);color:#44403c;font-size:.74rem;font-weight:700;line-height:1.6}
.cm-badge--diet{background:#e3f2e6;color:#1b5e2c}
.cm-badge--food{background:#fdeee2;color:#8a3a00}
.cm-sides{margin-top:6px;color:var(--cm-muted);font-size:.85rem}
.cm-sides-label{color:var(--cm-fg);font-weight:700}
.cm-side-price{font-variant-numeric:tabular-nums}
.cm-al{display:flex;flex-wrap:wrap;gap:0 12px;margin-top:6px;font-size:.8rem;font-weight:600}
.cm-al--unknown{color:#9a3412}
.cm-notes{margin-top:16px;padding:10px 14px;border-radius:12px;background:var(--cm-soft);font-size:.88rem;font-weight:600}
.cm-notes>p+p{margin-top:4px}
.cm-opt-al{display:block;color:var(--cm-muted);font-size:.78rem}
.is-greyed>.cm-dim{opacity:.42;filter:grayscale(1)}
.cm-why{position:relative;z-index:2;margin-top:8px;padding:6px 10px;border-radius:8px;background:#fff4ed;color:#7c2d12;font-size:.82rem;font-weight:600}

/* filters */
.cm-filterbar{margin-top:20px}
.cm-filters{border:1px solid var(--cm-line);border-radius:14px;background:var(--cm-surface)}
.cm-filters>summary{display:flex;align-items:center;gap:10px;min-height:48px;padding:10px 16px;font-weight:700;cursor:pointer;list-style:none}
.cm-filters>summary::-webkit-details-marker{display:none}
.cm-filters>summary::after{content:"";width:9px;height:9px;margin-left:auto;border-right:2px solid;border-bottom:2px solid;transform:translateY(-2px) rotate(45deg);transition:transform .2s}
.cm-filters[open]>summary::after{transform:translateY(2px) rotate(-135deg)}
.cm-count{min-width:22px;padding:0 7px;border-radius:999px;background:var(--cm-c3);color:var(--cm-on3);font-size:.78rem;text-align:center}
.cm-filter-form{display:grid;gap:16px;padding:4px 16px 16px}
.cm-fieldset{border:0;padding:0;min-width:0}
.cm-fieldset legend{padding:0;margin-bottom:8px;font-size:.85rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--cm-muted)}
.cm-hint{color:var(--cm-muted);font-size:.88rem}
.cm-chips{display:flex;flex-wrap:wrap;gap:8px}
.cm-chip{display:inline-flex;align-items:center;gap:8px;min-height:40px;padding:6px 14px 6px 10px;border:1px solid #d6d3d1;border-radius:999px;background:var(--cm-surface);font-size:.92rem;cursor:pointer;user-select:none}
.cm-chip input{width:18px;height:18px;margin:0;accent-color:var(--cm-fg)}
.cm-chip:has(input:checked){border-color:var(--cm-c3);background:var(--cm-c3);color:var(--cm-on3);font-weight:700}
.cm-chip:has(input:focus-visible){outline:3px solid var(--cm-t2);outline-offset:2px}
.cm-chip input:focus-visible{outline:none}
.cm-sort{display:flex;flex-wrap:wrap;align-items:center;gap:10px;font-weight:700;font-size:.92rem}
.cm-sort select{min-height:40px;padding:6px 12px;border:1px solid #a8a29e;border-radius:10px;background:#fff;color:#1c1917;font:inherit;font-weight:400}
.cm-filter-actions{display:flex;align-items:center;gap:16px}
.cm-apply{min-height:40px;padding:8px 20px;border:0;border-radius:999px;background:var(--cm-fg);color:var(--cm-bg);font:inherit;font-weight:700;cursor:pointer}
.cm-clear{font-weight:700;color:var(--cm-t2)}
.cm-status{margin-top:8px;color:var(--cm-muted);font-size:.88rem}
.cm-status:empty{margin:0}

/* footer */
.cm-footer{display:grid;gap:18px;margin-top:40px;padding-top:28px;padding-bottom:112px;border-top:1px solid var(--cm-line);text-align:center}
.cm-about{max-width:60ch;margin-inline:auto;color:var(--cm-muted);font-size:.95rem}
.cm-about-text>*+*{margin-top:.5em}
.cm-about-text :is(p,ul,ol){margin:0}
.cm-about-text :is(ul,ol){padding-left:1.2em;text-align:left}
.cm-report{max-width:560px;margin-inline:auto;padding:22px 20px;border-radius:18px;background:var(--cm-soft);text-align:center}
.cm-report-title{font-family:var(--cm-f1);font-size:1.25rem;font-weight:700;line-height:1.3}
.cm-report p{margin-top:6px;color:var(--cm-muted);font-size:.95rem}
.cm-report .cm-report-links{display:flex;flex-wrap:wrap;justify-content:center;gap:10px;margin-top:14px}
.cm-report-links a{display:inline-flex;align-items:center;min-height:44px;padding:8px 18px;border:1px solid var(--cm-line);border-radius:999px;background:var(--cm-surface);color:var(--cm-t2);font-weight:700;text-decoration:none}
.cm-report-links a:hover{border-color:var(--cm-c2)}
.cm-report-title--caps{text-transform:lowercase}
.cm-report-title--caps::first-letter{text-transform:uppercase}
.cm-report .cm-report-note{margin-top:14px;font-size:.82rem}
.cm-social{display:flex;justify-content:center;gap:12px}
.cm-social a{display:grid;place-items:center;width:44px;height:44px;border-radius:50%;background:var(--cm-c2);color:var(--cm-on2)}
.cm-footnote{color:var(--cm-muted);font-size:.82rem}
.cm-footnote a{display:inline-block;padding:6px 0;font-weight:700}

/* expiry banner */
.cm-banner{position:fixed;left:10px;right:10px;bottom:max(10px,env(safe-area-inset-bottom));z-index:30;display:grid;grid-template-columns:1fr auto;align-items:start;gap:8px 6px;max-width:560px;margin:0 auto;padding:12px 8px 12px 16px;border-radius:16px;background:#1c1917;color:#fff;box-shadow:0 12px 32px rgb(0 0 0/.28);animation:cm-rise .35s ease-out}
.cm-banner-text{padding-top:6px;font-size:.9rem;line-height:1.4}
.cm-banner-actions{display:contents}
.cm .cm-banner-switch{grid-row:2;justify-self:start;min-height:40px;padding:8px 18px;background:var(--cm-c3);color:var(--cm-on3)}
.cm-banner-close{grid-column:2;grid-row:1}
.cm-banner .cm-button:disabled{opacity:.7;cursor:progress}
.cm-banner-close{display:grid;place-items:center;width:40px;height:40px;border:0;border-radius:50%;background:transparent;color:#fff;cursor:pointer}
.cm-banner-close:hover{background:rgb(255 255 255/.12)}
.cm-banner :focus-visible{outline-color:#fff}
@keyframes cm-rise{from{opacity:0;transform:translateY(16px)}}

/* chooser, empty page */
.cm-head--plain .cm-head-inner{display:flex;flex-direction:column;align-items:center;gap:6px;padding-top:40px;text-align:center}
.cm-head--plain .cm-logo{width:96px;height:96px}
.cm-head--plain .cm-lede{margin-inline:auto}
.cm-notice{margin-top:24px;padding:14px 16px;border-radius:14px;background:#fff4ed;color:#7c2d12;text-align:left}
.cm-notice>p+p{margin-top:4px}
.cm-notice-title{font-weight:700;font-size:1.05rem}
.cm-dead{display:flex;flex-direction:column;align-items:center;gap:10px;padding-top:12vh;min-height:60vh}
.cm-dead .cm-dead-mark{color:var(--cm-t2)}
.cm-dead .cm-lede{margin-top:0}
.cm-dead+.cm-footer{padding-bottom:40px}
.cm-choose{margin:28px 0 14px;font-size:1.15rem;font-weight:700}
.cm-menu-cards{display:grid;gap:16px}
.cm-menu-card{display:block;position:relative;overflow:hidden;border-radius:18px;background:#fff;box-shadow:0 1px 2px rgb(0 0 0/.06),0 8px 24px rgb(0 0 0/.08);text-decoration:none;transition:transform .2s}
.cm-menu-card:hover{transform:translateY(-2px)}
.cm-menu-cover{display:block;width:100%;height:auto;aspect-ratio:8/3;object-fit:cover}
.cm-menu-name{display:block;padding:14px 18px 2px;font-family:var(--cm-f1);font-size:1.4rem;font-weight:700}
.cm-menu-name::after{content:" →";color:var(--cm-t2)}
.cm-menu-from{display:block;padding:0 18px;color:var(--cm-muted);font-size:.85rem}
.cm-menu-card>:last-child{padding-bottom:16px}
.cm-empty{padding-top:24px;text-align:center}
.cm-empty .cm-lede{margin-inline:auto}
.cm-empty p+p{margin-top:24px}
.cm-upcoming{margin-top:16px;display:grid;gap:8px}

/* dish page */
.cm-dish-top{display:flex;align-items:center;justify-content:space-between;gap:12px;padding-block:8px}
.cm-dish-top .cm-brand{min-width:0}
.cm-dish-top .cm-eyebrow{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.cm-back{display:inline-flex;flex:none;align-items:center;gap:4px;min-height:44px;color:var(--cm-t1);font-weight:700;text-decoration:none;white-space:nowrap}
.cm-dishpage{display:grid;gap:20px;margin-top:4px}
.cm-dish-hero{overflow:hidden;aspect-ratio:4/3;margin-inline:-16px;background:var(--cm-soft)}
.cm-dish-img{width:100%;height:100%;object-fit:cover}
.cm-dish-category{margin-top:0}
.cm-dish-price{margin-top:6px;font-size:1.45rem}
.cm-block{margin-top:24px}
.cm-block-title{margin-bottom:6px;padding-bottom:6px;border-bottom:2px solid var(--cm-c2);color:var(--cm-fg);font-size:.82rem;font-weight:800;letter-spacing:.12em;text-transform:uppercase}
.cm-options li{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid var(--cm-line)}
.cm-options a{font-weight:600}
.cm-option-price{color:var(--cm-muted);font-weight:700;font-variant-numeric:tabular-nums;white-space:nowrap}
.cm-taglist{display:flex;flex-wrap:wrap;gap:6px;padding-top:6px}
.cm-taglist li{padding:4px 12px;border-radius:999px;background:var(--cm-soft);font-size:.9rem}
.cm-notfound{padding-block:48px;text-align:center}

/* Classic: a clean list, a picture beside each dish */
.cm--classic .cm-cover{width:100%;height:auto;max-height:360px;aspect-ratio:8/3;object-fit:cover}
.cm--classic .cm-head-inner{padding-top:22px}
.cm--classic .cm-head-inner.has-cover{position:relative;margin-top:-26px;border-radius:24px 24px 0 0;background:var(--cm-bg)}
.cm--classic .cm-h2{display:flex;flex-direction:column;gap:8px}
.cm--classic .cm-h2::after{content:"";width:44px;height:3px;border-radius:3px;background:var(--cm-c2)}
.cm-list>li{position:relative;padding:16px 0;border-bottom:1px solid var(--cm-line)}
.cm-list>li:last-child{border-bottom:0}
/* name and price, then the description beside the picture; the details use the full width */
.cm-row-inner{display:grid;grid-template-columns:minmax(0,1fr) auto;column-gap:14px;align-items:start}
.cm-row-inner>.cm-row-head{grid-column:1}
.cm-row-inner>picture>.cm-row-img,.cm-row-inner>.cm-row-img{grid-column:2;grid-row:1/span 2}
.cm-row-inner>.cm-desc{grid-column:1}
.cm-row-more{grid-column:1/-1}
.cm-row-more:empty{display:none}
.cm-row-head{display:flex;align-items:baseline;gap:8px}
.cm-leader{flex:1;min-width:16px;border-bottom:2px dotted #d6d3d1;transform:translateY(-5px)}
.cm-row-img{flex:none;width:112px;height:84px;border-radius:14px;object-fit:cover;background:var(--cm-soft)}
.cm--classic .cm-clamp{-webkit-line-clamp:2}

/* Pizza: a trattoria look, picture cards and price tags */
.cm--pizza{--cm-bg:#fff8ef;--cm-fg:#2b1d12;--cm-muted:#5f4b3a;--cm-line:#eddcc6;--cm-soft:#fbecd9}
.cm-check{height:26px;background:repeating-conic-gradient(var(--cm-c2) 0 25%,#fff 0 50%) 0 0/26px 26px}
.cm--pizza .cm-head-inner{display:flex;flex-direction:column;align-items:center;padding-top:18px;text-align:center}
.cm--pizza .cm-brand{flex-direction:column;gap:8px}
.cm--pizza .cm-logo{width:72px;height:72px;box-shadow:0 0 0 3px #fff,0 0 0 6px var(--cm-c2)}
.cm--pizza .cm-title{font-size:clamp(2.6rem,12cqi,4rem);font-weight:700}
.cm--pizza .cm-lede{margin-inline:auto}
.cm--pizza .cm-cover{width:calc(100% - 32px);max-width:928px;height:auto;margin:22px auto 0;aspect-ratio:2/1;object-fit:cover;border-radius:20px;box-shadow:0 0 0 4px #fff,0 0 0 7px var(--cm-c2)}
.cm--pizza .cm-switcher ul{justify-content:center}
.cm--pizza .cm-catnav ul{margin-inline:auto}
.cm--pizza .cm-section{padding-top:36px}
.cm--pizza .cm-h2{display:flex;align-items:center;gap:14px;margin-bottom:16px;color:var(--cm-t1);font-size:2rem;text-align:center}
.cm--pizza .cm-h2::before,.cm--pizza .cm-h2::after{content:"";flex:1;border-top:3px dashed var(--cm-c2)}
.cm-cards{display:grid;grid-template-columns:1fr;gap:18px}
.cm-card{position:relative;overflow:hidden;border-radius:20px;background:#fff;box-shadow:0 1px 2px rgb(70 35 0/.08),0 8px 22px rgb(70 35 0/.07)}
.cm-card-media{aspect-ratio:4/3;overflow:hidden;background:var(--cm-soft)}
.cm-card-img{width:100%;height:100%;object-fit:cover}
.cm-card-body{padding:14px 16px 16px}
.cm-card-head{display:flex;align-items:flex-start;justify-content:space-between;gap:12px}
.cm--pizza .cm-name{font-family:var(--cm-f2);font-size:1.2rem;font-weight:800}
.cm-pill{flex:none;padding:3px 12px;border-radius:999px;background:var(--cm-c3);color:var(--cm-on3);font-family:var(--cm-f3);font-size:1.08rem;transform:rotate(-2deg)}
.cm-card>.cm-why{margin:0 16px 16px}

/* Sushi: calm and airy, numbered sections, a grid of square pictures */
.cm--sushi{--cm-bg:#faf8f3;--cm-fg:#1f2328;--cm-muted:#55565a;--cm-line:#e5e0d5;--cm-soft:#f0ece3}
.cm--sushi .cm-head-inner{padding-top:44px}
.cm--sushi .cm-logo{border-radius:8px}
.cm--sushi .cm-title{margin-top:18px;font-size:clamp(2.5rem,12cqi,4.25rem);font-weight:400;letter-spacing:-.01em}
.cm-stroke{display:block;width:132px;height:12px;margin:16px 0 4px;border-radius:70% 30% 60% 40%/80% 40% 60% 20%;background:var(--cm-c2);transform:rotate(-1.5deg)}
.cm--sushi .cm-cover{width:calc(100% - 32px);max-width:928px;height:auto;margin:28px auto 0;aspect-ratio:21/9;object-fit:cover;border-radius:6px}
.cm--sushi .cm-section{padding-top:40px}
.cm--sushi .cm-h2{display:flex;align-items:baseline;gap:14px;margin-bottom:18px;color:var(--cm-t1);font-size:1.7rem;font-weight:400}
.cm-num{color:var(--cm-t2);font-family:var(--cm-f2);font-size:.85rem;font-weight:700;letter-spacing:.14em}
.cm--sushi .cm-h2-text{position:relative;isolation:isolate}
.cm--sushi .cm-h2-text::after{content:"";position:absolute;z-index:-1;left:-6px;right:-10px;bottom:.05em;height:.42em;border-radius:60% 40% 50% 50%/70% 40% 60% 30%;background:var(--cm-c2);opacity:.16}
.cm-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:24px 14px}
.cm-tile{position:relative}
.cm-tile-media{overflow:hidden;aspect-ratio:4/3;border-radius:6px;background:var(--cm-soft)}
.cm-tile-img{width:100%;height:100%;object-fit:cover;transition:transform .4s}
.cm-tile:hover .cm-tile-img{transform:scale(1.03)}
.cm-tile-ph{display:grid;place-items:center;height:100%;color:var(--cm-t2);font-family:var(--cm-f1);font-size:2.6rem}
.cm--sushi .cm-name{margin-top:10px;font-size:1.02rem;font-weight:600}
.cm--sushi .cm-price{display:block;margin-top:2px;font-size:.92rem;font-weight:600}
.cm--sushi .cm-desc{font-size:.84rem;-webkit-line-clamp:2}
.cm--sushi .cm-ingredients{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;font-size:.8rem}
.cm--sushi .cm-badge{font-size:.7rem}
.cm--sushi .cm-al{font-size:.74rem}
.cm--sushi .cm-catnav a{border-radius:4px}

/* printable menu */
.cm-print{max-width:760px;padding-bottom:48px}
.cm-print-actions{display:flex;align-items:center;justify-content:space-between;gap:12px;padding-block:8px}
.cm-print-head{display:flex;flex-direction:column;align-items:center;gap:4px;margin:16px 0 8px;text-align:center}
.cm-print-head .cm-logo{width:72px;height:72px}
.cm-print-section{margin-top:28px}
.cm-print .cm-h2{padding-bottom:6px;border-bottom:1px solid currentColor}
.cm-print .cm-h2::after{display:none}
.cm-print-list>li{padding:10px 0;break-inside:avoid}
.cm-print-row{display:flex;align-items:baseline;gap:8px}
.cm-print .cm-name{color:var(--cm-fg)}
.cm-print-choices{display:grid;gap:8px;margin-top:16px}
.cm-print-choices a{font-weight:700;font-size:1.1rem}

@container (min-width:600px){
  .cm-cards{grid-template-columns:repeat(2,minmax(0,1fr))}
  .cm-menu-cards{grid-template-columns:repeat(2,minmax(0,1fr))}
  .cm-grid{grid-template-columns:repeat(3,minmax(0,1fr));gap:32px 20px}
  .cm-row-img{width:144px;height:108px}
  .cm-dish-hero{margin-inline:0;border-radius:20px}
  .cm--pizza .cm-cover{aspect-ratio:5/2}
  .cm-banner{grid-template-columns:1fr auto auto;align-items:center;padding-left:20px}
  .cm-banner-text{padding-top:0}
  .cm .cm-banner-switch{grid-row:1;grid-column:2}
  .cm-banner-close{grid-column:3}
}
@container (min-width:900px){
  .cm-cards{grid-template-columns:repeat(3,minmax(0,1fr))}
  .cm-grid{grid-template-columns:repeat(4,minmax(0,1fr))}
  .cm-dishpage{grid-template-columns:minmax(0,1fr) minmax(0,1fr);align-items:start;gap:32px}
  .cm-list{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));column-gap:40px}
  .cm-list>li:nth-last-child(2):nth-child(odd){border-bottom:0}
  .cm--classic .cm-head-inner.has-cover{margin-top:-40px}
}
@media (prefers-reduced-motion:reduce){
  .cm *,.cm *::before,.cm *::after{animation:none!important;transition:none!important;scroll-behavior:auto!important}
}
@media print{
  .cm{min-height:0;background:#fff;color:#000}
  .cm-skip,.cm-langs,.cm-banner,.cm-filterbar,.cm-catnav,.cm-switcher,.cm-print-actions,.cm-footer,.cm-cta,.cm-check,
  .cm-cover,.cm-row-img,.cm-card-media,.cm-tile-media,.cm-dish-hero{display:none!important}
  .cm a{text-decoration:none}
  .cm-card{box-shadow:none;border:1px solid #ccc}
  .cm-row,.cm-card,.cm-tile,.cm-print-list>li{break-inside:avoid}
  .cm-h2{break-after:avoid}
  .is-greyed>.cm-dim{opacity:1;filter:none}
  .cm-why{display:none}
  /* diet and allergen marks stay readable without backgrounds (browsers drop them in print) */
  .cm-badge{border:1px solid #777;background:none!important;color:#000!important}
}
`;

/** Comments and spacing removed once, at start: about a fifth smaller on the wire. */
function minify(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/** The menu's stylesheet, scoped under `.cm` (also for the owner's preview). */
export const menuViewCss: string = minify(css);

/** For the public page's <head>: the document around the menu, then the menu's stylesheet. */
export const menuPageCss: string =
  minify(`
html{-webkit-text-size-adjust:100%;text-size-adjust:100%;background:#fff}
body{margin:0}
@media (prefers-reduced-motion:no-preference){html:focus-within{scroll-behavior:smooth}}
@page{margin:16mm}
`) + menuViewCss;
