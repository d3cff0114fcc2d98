/**
 * The API reference's stylesheet (inline in the page: one request, no script). Colours, fonts and radii
 * are the web app's (apps/web/src/index.css: slate, the indigo brand, Inter with system fallbacks).
 * Below 48rem the tables become stacked blocks, so no page scrolls sideways at 360 px.
 */
export const API_REFERENCE_STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f8fafc;color:#0f172a;font:15px/1.6 "Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
a{color:#4338ca;text-decoration:underline;text-underline-offset:2px}
a:hover{color:#312e81}
:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:.86em}
code{overflow-wrap:anywhere}
p code,li code,td code,dd code,dt code{background:#f1f5f9;border-radius:.25rem;padding:.05em .3em;color:#0f172a}
pre{margin:0 0 1rem;padding:.75rem 1rem;background:#0f172a;color:#f1f5f9;border-radius:.5rem;white-space:pre-wrap;overflow-wrap:anywhere}
pre code{font-size:inherit}
.skip{position:absolute;left:-9999px;top:0;background:#fff;padding:.5rem 1rem;z-index:10}
.skip:focus{left:1rem;top:1rem}
.sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.top{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #e2e8f0}
.top p{margin:0}
.brand a{font-weight:700;font-size:1.1rem;color:#0f172a;text-decoration:none}
.layout{max-width:80rem;margin:0 auto;padding:1rem}
main{min-width:0}
main:focus{outline:none}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem;letter-spacing:-.01em}
h2{font-size:1.35rem;line-height:1.3;margin:2.5rem 0 1rem;letter-spacing:-.01em}
h3{font-size:1.1rem;line-height:1.4;margin:0 0 .5rem}
h4{font-size:1rem;margin:1.25rem 0 .5rem}
h5{font-size:.95rem;margin:1rem 0 .5rem;font-weight:600}
.muted,.opid{color:#475569}
.opid{font-size:.9em;margin-top:0}
.op{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:0 0 1.25rem;scroll-margin-top:1rem}
.group,#auth,#webhooks,#errors{scroll-margin-top:1rem}
.path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:.95em;overflow-wrap:anywhere}
.sum{display:block;font-weight:500;color:#334155;margin-top:.25rem}
.m{display:inline-block;min-width:3.6em;text-align:center;font:700 .75rem/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;border-radius:.375rem;padding:0 .35em;vertical-align:.1em}
.m-get{background:#e0e7ff;color:#312e81}
.m-post{background:#dcfce7;color:#14532d}
.m-put,.m-patch{background:#fef3c7;color:#78350f}
.m-delete{background:#fee2e2;color:#7f1d1d}
.req{display:inline-block;font-size:.75rem;font-weight:600;color:#9a3412;background:#ffedd5;border-radius:.375rem;padding:0 .35em;white-space:nowrap}
.label{font-weight:600;margin:.75rem 0 .25rem}
.codes{padding-left:1.25rem;margin:0}
.codes li{margin:.25rem 0}
.schemes dt{font-weight:600;margin-top:.75rem}
.schemes dd{margin:.25rem 0 0}
table.fields{width:100%;border-collapse:collapse;margin:0 0 1rem;font-size:.9rem;background:#fff}
table.fields th,table.fields td{text-align:left;vertical-align:top;padding:.5rem .75rem;border-top:1px solid #e2e8f0}
table.fields thead th{background:#f8fafc;color:#475569;font-weight:600;border-top:0}
table.fields tbody th{font-weight:500;width:34%}
table.fields td:nth-child(2){width:22%;color:#334155}
.d1{padding-left:1.5rem!important}.d2{padding-left:2.25rem!important}.d3{padding-left:3rem!important}.d4{padding-left:3.75rem!important}
.toc h2{font-size:1rem;margin:0 0 .5rem}
.toc ul{list-style:none;margin:0;padding:0}
.toc>ul>li{margin:.5rem 0}
.toc ul ul{padding-left:.5rem;margin-top:.25rem}
.toc ul ul li{margin:.15rem 0;font-size:.9rem}
.toc ul ul a{text-decoration:none}
.toc ul ul a:hover{text-decoration:underline}
.toc{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin-bottom:1rem}
@media (min-width:64rem){
.layout{display:grid;grid-template-columns:18rem minmax(0,1fr);gap:2rem;padding:1.5rem}
.toc{position:sticky;top:1rem;max-height:calc(100vh - 2rem);overflow:auto;margin:0;align-self:start}
h1{font-size:2rem}
}
@media (max-width:47.99rem){
table.fields,table.fields tbody,table.fields tr,table.fields th,table.fields td{display:block;width:auto!important}
table.fields thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}
table.fields tr{border-top:1px solid #e2e8f0;padding:.5rem .75rem}
table.fields th,table.fields td{border:0;padding:.1rem 0!important}
table.fields td[data-label]::before{content:attr(data-label) ": ";color:#475569}
}
@media (prefers-reduced-motion:reduce){*{scroll-behavior:auto!important}}
`;
