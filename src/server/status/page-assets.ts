import { createHash } from 'node:crypto'

// The public page's only style and script, inlined so a first view is one request. The Content-Security-Policy
// allows exactly these by hash: nothing injected into the page could run or restyle it.

const css = `
:root{--navy:#0f1f3d;--navy-500:#1f3a68;--canvas:#f5f7fb;--surface:#fff;--border:#dde3ee;--text:#1b2536;--muted:#5b6577;
--up:#1f9d55;--up-text:#137a3f;--partial:#e5a000;--down:#d93b3b;--down-text:#b42323;--maint:#2f5bb7;--none:#d5dbe5;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--canvas);line-height:1.5}
*{box-sizing:border-box}
body{margin:0}
a{color:var(--navy-500)}
a:focus-visible,[tabindex]:focus-visible,summary:focus-visible{outline:2px solid var(--navy-500);outline-offset:2px}
.wrap{max-width:860px;margin:0 auto;padding:24px 16px 48px}
header.top{display:flex;align-items:center;gap:12px;margin-bottom:8px}
header.top img{max-height:40px;max-width:160px}
h1{font-size:1.6rem;margin:0;color:var(--navy)}
h2{font-size:1.1rem;margin:32px 0 12px;color:var(--navy)}
.desc{color:var(--muted)}
.desc p{margin:4px 0}
.banner{margin:20px 0;padding:16px 20px;border-radius:10px;color:#fff;font-weight:600;font-size:1.1rem;background:var(--up-text)}
.banner.partial_outage{background:var(--partial);color:#1b1300}
.banner.major_outage{background:var(--down-text)}
.banner.maintenance{background:var(--maint)}
.banner.unknown{background:var(--muted)}
.card{background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:16px;margin-bottom:12px}
.incident h3,.maint h3{margin:0 0 4px;font-size:1rem}
.meta{color:var(--muted);font-size:.85rem}
.tag{display:inline-block;font-size:.75rem;font-weight:600;border-radius:999px;padding:1px 8px;margin-left:6px;vertical-align:middle;background:#eef2f8;color:var(--navy)}
.tag.major{background:#fde8e8;color:#9b1c1c}.tag.minor{background:#fff4d6;color:#7a5200}
.incident.major{border-left:4px solid var(--down)}.incident.minor{border-left:4px solid var(--partial)}
.maint{border-left:4px solid var(--maint)}
.updates{list-style:none;margin:8px 0 0;padding:0}
.updates>li{padding:8px 0;border-top:1px solid var(--border)}
.updates>li p{margin:2px 0}
.updates ul{list-style:disc}
.components{background:var(--surface);border:1px solid var(--border);border-radius:10px}
.group{border-top:1px solid var(--border)}
.group:first-child{border-top:0}
.group>summary{cursor:pointer;padding:12px 16px;font-weight:600;display:flex;justify-content:space-between;gap:8px}
.component{padding:14px 16px;border-top:1px solid var(--border)}
.components>.component:first-child{border-top:0}
.row{display:flex;justify-content:space-between;align-items:baseline;gap:8px;flex-wrap:wrap}
.name{font-weight:600}
.state{font-size:.9rem;font-weight:600}
.state.operational{color:var(--up-text)}.state.degraded{color:#9a6a00}.state.outage{color:var(--down-text)}
.state.maintenance{color:var(--maint)}.state.unknown{color:var(--muted)}
.bars{display:flex;gap:2px;margin:10px 0 4px;height:34px}
.bars span{flex:1;border-radius:2px;background:var(--none);position:relative;min-width:2px}
.bars span.up{background:var(--up)}.bars span.short{background:var(--partial)}.bars span.long{background:var(--down)}
.bars span:hover,.bars span:focus{box-shadow:0 0 0 2px var(--navy);outline:none}
.bars span:hover::after,.bars span:focus::after{content:attr(aria-label);position:absolute;bottom:40px;left:50%;transform:translateX(-50%);
white-space:nowrap;background:var(--navy);color:#fff;font-size:.8rem;line-height:1.4;padding:6px 10px;border-radius:6px;z-index:2;pointer-events:none}
.bars span:nth-child(-n+15)::after{left:0;transform:none}
.bars span:nth-last-child(-n+15)::after{left:auto;right:0;transform:none}
.axis{display:flex;justify-content:space-between;color:var(--muted);font-size:.8rem}
.axis .short{display:none}
.empty{color:var(--muted)}
footer{margin-top:40px;color:var(--muted);font-size:.85rem;display:flex;flex-wrap:wrap;gap:8px 16px;justify-content:space-between}
footer nav{display:flex;gap:12px}
@media (max-width:600px){
h1{font-size:1.3rem}
.bars span:nth-child(-n+60){display:none}
.bars span:nth-child(-n+75)::after{left:0;transform:none}
.axis .long{display:none}.axis .short{display:inline}
}
`
  .replace(/\n/g, '')
  .trim()

// Times in the visitor's zone; arrow keys move across the day bars; the page refreshes itself every minute while
// visible (the server caches it for as long, so a refresh costs it nothing).
const js = `(()=>{
const f=new Intl.DateTimeFormat(undefined,{dateStyle:'medium',timeStyle:'short'});
const z=Intl.DateTimeFormat().resolvedOptions().timeZone;
const local=r=>{for(const t of r.querySelectorAll('time[data-local]')){const d=new Date(t.dateTime);if(!isNaN(d))t.textContent=f.format(d)}
for(const e of r.querySelectorAll('[data-tz]'))e.textContent=z};
local(document);
document.addEventListener('keydown',e=>{const b=e.target.closest&&e.target.closest('.bars');if(!b)return;
const d=e.key==='ArrowRight'?1:e.key==='ArrowLeft'?-1:0;if(!d)return;e.preventDefault();
const all=[...b.children].filter(l=>l.offsetParent);const i=all.indexOf(e.target);
const n=all[i<0?(d>0?0:all.length-1):Math.min(all.length-1,Math.max(0,i+d))];n.tabIndex=-1;n.focus()});
const refresh=async()=>{if(document.hidden)return;try{const r=await fetch(location.href,{headers:{accept:'text/html'}});
if(!r.ok)return;const m=new DOMParser().parseFromString(await r.text(),'text/html').querySelector('main');
const a=document.activeElement;if(m&&!(a&&a.closest&&a.closest('main .bars'))){local(m);document.querySelector('main').replaceWith(m)}}catch{}};
setInterval(refresh,60000);document.addEventListener('visibilitychange',refresh);
})();`
  .replace(/\n/g, '')
  .trim()

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

export const pageStyle = css
export const pageScript = js

/** The policy for a page; the owner's logo may come from its own origin, and nothing else from anywhere. */
export const pageCsp = (logoOrigin: string | null): string =>
  [
    "default-src 'none'",
    `style-src ${sha256(css)}`,
    `script-src ${sha256(js)}`,
    `img-src 'self'${logoOrigin ? ` ${logoOrigin}` : ''}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')

/** The 404 page needs style only. */
export const notFoundCsp = `default-src 'none'; style-src ${sha256(css)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
