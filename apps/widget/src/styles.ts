/**
 * The button's own styles, inside its shadow root: the shop's CSS cannot reach in, and every
 * inheritable property the button shows (font, colour, spacing) is set inside, so even a shop rule
 * on the host element itself (`* { font-family: … !important }`) does not change it. Themes name the
 * page the button sits on: light pages get the indigo button, dark pages a white one. Every text pair
 * keeps AA contrast.
 */
export const STYLES = `
:host{all:initial;display:inline-block;vertical-align:middle;max-width:100%}
:host([hidden]){display:none}
*{box-sizing:border-box}
.w{display:flex;flex-direction:column;align-items:flex-start;gap:8px;max-width:100%;font:400 16px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;letter-spacing:normal;text-transform:none;-webkit-font-smoothing:antialiased}
.b{all:unset;box-sizing:border-box;display:inline-flex;align-items:center;justify-content:center;gap:10px;max-width:100%;border-radius:10px;border:1px solid transparent;cursor:pointer;font:inherit;font-weight:600;text-align:left;transition:background-color .15s,box-shadow .15s;-webkit-tap-highlight-color:transparent}
.b:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
.b[aria-disabled=true]{cursor:not-allowed}
.b[aria-busy=true]{cursor:progress}
.t{display:flex;flex-direction:column;min-width:0}
.l{line-height:1.25}
.st{font-weight:400;line-height:1.3;opacity:.9}
.st:empty{display:none}
.lg{flex:none}
.sp{flex:none;border-radius:50%;border:2px solid currentColor;border-right-color:transparent;animation:r .7s linear infinite}
.sp[hidden]{display:none}
@keyframes r{to{transform:rotate(1turn)}}
@media (prefers-reduced-motion:reduce){.sp{animation:none}.b{transition:none}}
.m{margin:0;padding:8px 12px;border-radius:8px;border:1px solid;font-size:13px;line-height:1.4;font-weight:400;max-width:360px}
.m:empty{display:none}
.S .b{min-height:44px;padding:6px 14px;font-size:14px}
.S .st{font-size:12px}
.S .lg,.S .sp{width:18px;height:18px}
.M .b{min-height:52px;padding:8px 20px;font-size:16px}
.M .st{font-size:12.5px}
.M .lg,.M .sp{width:22px;height:22px}
.L .b{min-height:60px;padding:10px 22px;font-size:18px}
.L .st{font-size:14px}
.L .lg,.L .sp{width:26px;height:26px}
.light{--ring:#4338ca}
.light .b{background:#4338ca;color:#fff}
.light .b:hover{background:#3730a3}
.light .b:active{background:#312e81}
.light .lg rect{fill:#fff}.light .lg path{fill:#4338ca}
.light .m{background:#fef2f2;border-color:#fecaca;color:#991b1b}
.dark{--ring:#a5b4fc}
.dark .b{background:#fff;color:#312e81;border-color:#c7d2fe}
.dark .b:hover{background:#eef2ff}
.dark .b:active{background:#e0e7ff}
.dark .lg rect{fill:#3730a3}.dark .lg path{fill:#fff}
.dark .m{background:#450a0a;border-color:#991b1b;color:#fecaca}
.b[aria-disabled=true],.b[aria-disabled=true]:hover{background:#e2e8f0;color:#475569;border-color:#cbd5e1}
.b[aria-disabled=true] .lg rect{fill:#94a3b8}.b[aria-disabled=true] .lg path{fill:#fff}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;
