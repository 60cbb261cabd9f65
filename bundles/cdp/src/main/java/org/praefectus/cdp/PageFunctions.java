package org.praefectus.cdp;

/**
 * The only JavaScript that ever runs in a page: fixed functions called on one resolved node in the executor's
 * isolated world ({@code Runtime.callFunctionOn} with that node as {@code this}). No caller text is ever
 * evaluated; the only arguments are a scroll axis and step, the value of {@code set_value}, and a flag.
 *
 * <p>The actionability checks follow Playwright's: visible (non-empty box, {@code checkVisibility}, visibility and
 * opacity), stable (the same box over two animation frames), enabled (native disabled including a disabled
 * fieldset or optgroup, and {@code aria-disabled} on the element or an ancestor), editable, and receives events
 * (a hit test at the centre of the box, inside the viewport, lands on the element or a descendant, through open
 * shadow roots and the element's own closed ones). Values leave the page only as a SHA-256 and a length, hashed in the
 * page.
 */
final class PageFunctions {

    private PageFunctions() {}

    /**
     * The node's element {@code e}: the node itself, or for a text node (static text an observation lists) the element
     * that holds it, through which it is checked (its box stays the text's own, see {@code rect} in {@link #CHECKS}).
     * Without it every fence of static text failed ("browser target changed", #39 defect 5).
     */
    private static final String TEXT_OR_ELEMENT = ""
            + "const e=this instanceof Text?this.parentElement:this;"
            + "if(!(e instanceof Element)||!this.isConnected)return{connected:false};";

    /**
     * Shared checks, evaluated synchronously against {@code e}. {@code receives(exact)} hit-tests the centre of the
     * part of the box that the ancestors' overflow clipping leaves visible; with {@code exact} only the node itself
     * counts, otherwise a descendant too (and for a {@code <select>}'s option, the select that draws it). Enabled
     * includes not inert and not behind an open modal dialog.
     */
    private static final String CHECKS = ""
            // a text node (static text) is measured by its own range and checked through the element that holds it
            + "const rect=()=>{const n=this;if(n instanceof Text){const g=document.createRange();g.selectNodeContents(n);"
            + "return g.getBoundingClientRect()}return e.getBoundingClientRect()};"
            + "const box=()=>{const r=rect();return[r.left,r.top,r.width,r.height]};"
            + "const visible=()=>{if(!e.isConnected)return false;const r=rect();"
            + "if(!(r.width>0&&r.height>0))return false;"
            + "if(typeof e.checkVisibility==='function'&&!e.checkVisibility({opacityProperty:true,"
            + "visibilityProperty:true}))return false;"
            + "const s=getComputedStyle(e);return s.visibility==='visible'&&Number(s.opacity)>0};"
            + "const modal=document.querySelector('dialog:modal');"
            + "const enabled=()=>!e.matches(':disabled')&&e.closest('[aria-disabled=\"true\"]')===null"
            + "&&e.closest('[inert]')===null&&!(modal&&!modal.contains(e));"
            + "const textInput=e instanceof HTMLInputElement&&['text','search','email','tel','url','password','number']"
            + ".includes(e.type);"
            + "const select=e instanceof HTMLSelectElement;"
            + "const editable=()=>enabled()&&(select||(textInput||e instanceof HTMLTextAreaElement)&&!e.readOnly"
            + "||!(textInput||e instanceof HTMLTextAreaElement)&&e.isContentEditable);"
            + "const shown=()=>{const r=rect();let l=r.left,t=r.top,rr=r.right,b=r.bottom;"
            + "for(let p=this instanceof Text?e:e.parentElement;p;p=p.parentElement){const s=getComputedStyle(p);"
            + "if(s.overflowX==='visible'&&s.overflowY==='visible')continue;const q=p.getBoundingClientRect();"
            + "if(s.overflowX!=='visible'){l=Math.max(l,q.left);rr=Math.min(rr,q.right)}"
            + "if(s.overflowY!=='visible'){t=Math.max(t,q.top);b=Math.min(b,q.bottom)}}"
            + "return rr>l&&b>t?[l,t,rr,b]:null};"
            + "const inView=()=>{const v=shown();if(!v)return false;const x=(v[0]+v[2])/2,y=(v[1]+v[3])/2;"
            + "return x>=0&&y>=0&&x<innerWidth&&y<innerHeight};"
            + "const receives=(exact)=>{if(!inView())return false;const v=shown(),x=(v[0]+v[2])/2,y=(v[1]+v[3])/2;"
            + "let h=document.elementFromPoint(x,y);"
            // open shadow roots by their host, closed ones by the node's own chain of roots (the isolated world
            // holds the node, so it may ask its closed root what is topmost there)
            + "const roots=[];for(let r=e.getRootNode();r instanceof ShadowRoot;r=r.host.getRootNode())roots.push(r);"
            + "for(;;){const sr=h&&(h.shadowRoot||roots.find(r=>r.host===h));if(!sr)break;"
            + "const i=sr.elementFromPoint(x,y);if(!i||i===h)break;h=i}"
            + "if(exact)return h===e;"
            + "const owner=e instanceof HTMLOptionElement?e.closest('select')||e:e;"
            + "for(let n=h;n;n=n.parentNode||n.host){if(n===e||n===owner)return true}return false};";

    /**
     * Whether the page changed what the fingerprint was read from since {@link #WATCH} started: the node or
     * anything inside it, an attribute of it or an ancestor (class, style, hidden, inert), the nodes that label it,
     * or a style sheet. Returns early with {@code {eligible:false,changed:true}} when it did. Used as the first step
     * of every effect, in the same call that then acts.
     */
    private static final String UNCHANGED = ""
            + "const w=globalThis.__praefectusWatch;globalThis.__praefectusWatch=null;"
            + "if(!w||w.node!==e)return{eligible:false,changed:true};"
            + "const pending=w.observer.takeRecords();w.observer.disconnect();"
            + "if(w.changed||pending.some(w.relevant))return{eligible:false,changed:true};";

    /** SHA-256 of a byte array as hex: the page computes value hashes itself so values never leave it. */
    private static final String SHA256 = ""
            + "const sha256=b=>{const K=[],H=[];let p=2;"
            + "for(let c=0;c<64;p++){let q=true;for(let d=2;d*d<=p;d++)if(p%d===0){q=false;break}"
            + "if(q){if(c<8)H[c]=Math.pow(p,1/2)*4294967296>>>0;K[c++]=Math.pow(p,1/3)*4294967296>>>0}}"
            + "const l=b.length,n=((l+9+63)>>6)<<6,m=new Uint8Array(n);m.set(b);m[l]=128;"
            + "const bits=l*8;for(let i=0;i<4;i++)m[n-1-i]=(bits/Math.pow(2,8*i))&255;"
            + "const w=new Uint32Array(64),r=(x,k)=>x>>>k|x<<(32-k);"
            + "for(let o=0;o<n;o+=64){for(let i=0;i<16;i++)w[i]=m[o+4*i]<<24|m[o+4*i+1]<<16|m[o+4*i+2]<<8|m[o+4*i+3];"
            + "for(let i=16;i<64;i++)w[i]=(r(w[i-2],17)^r(w[i-2],19)^w[i-2]>>>10)+w[i-7]"
            + "+(r(w[i-15],7)^r(w[i-15],18)^w[i-15]>>>3)+w[i-16];"
            + "let[a,bb,c,d,ee,f,g,h]=H;for(let i=0;i<64;i++){"
            + "const t1=h+(r(ee,6)^r(ee,11)^r(ee,25))+(ee&f^~ee&g)+K[i]+w[i]|0,"
            + "t2=(r(a,2)^r(a,13)^r(a,22))+(a&bb^a&c^bb&c)|0;h=g;g=f;f=ee;ee=d+t1|0;d=c;c=bb;bb=a;a=t1+t2|0}"
            + "H[0]=H[0]+a|0;H[1]=H[1]+bb|0;H[2]=H[2]+c|0;H[3]=H[3]+d|0;H[4]=H[4]+ee|0;H[5]=H[5]+f|0;"
            + "H[6]=H[6]+g|0;H[7]=H[7]+h|0}"
            + "return H.map(x=>(x>>>0).toString(16).padStart(8,'0')).join('')};";

    private static final String VALUE = ""
            + "const value=(reveal,secret)=>{const v=this instanceof Text?null:textInput||e instanceof HTMLTextAreaElement?e.value"
            + ":select?(e.selectedOptions.length?e.selectedOptions[0].label:''):e.isContentEditable?e.textContent:null;"
            + "if(v===null||!reveal||e.type==='password'&&!secret)return{};"
            + "const b=new TextEncoder().encode(v);"
            + "const secretField=e.type==='password';"
            + "return b.length<=65536?{valueHash:sha256(b),valueLength:b.length,valueTooLarge:false,secretField}"
            + ":{valueLength:b.length,valueTooLarge:true,secretField}};";

    /**
     * The live state of the node without waiting: connected, visible, enabled, editable, receives, active, the page
     * rectangle, a scroll container's offsets ({@code overflow} auto, scroll or overlay on an axis: the elements
     * {@link #SCROLL} moves) and, when {@code reveal} is true, the value's hash and length; a password field's only
     * when {@code secret} is true too (the executor's own check after set_value, never an observation). On a document
     * (an observation's {@code e1}): whether it is shown and its own scroll offsets, the ones {@link #PAGE_SCROLL}
     * moves.
     */
    static final String STATE = "function(reveal,secret){const d=this;"
            + "if(d instanceof Document){const s=d.scrollingElement;return{connected:true,document:true,"
            + "visible:d.visibilityState==='visible',scrollLeft:s?s.scrollLeft:0,scrollTop:s?s.scrollTop:0}}"
            + TEXT_OR_ELEMENT
            + CHECKS + SHA256 + VALUE
            + "const st=getComputedStyle(e),"
            + "scroller=['auto','scroll','overlay'].some(o=>st.overflowX===o||st.overflowY===o);"
            + "const b=box();return Object.assign({connected:true,visible:visible(),enabled:enabled(),"
            + "editable:editable(),receives:receives(false),active:document.activeElement===e,"
            + "x:b[0]+scrollX,y:b[1]+scrollY,width:b[2],height:b[3]},"
            + "scroller?{scrollLeft:e.scrollLeft,scrollTop:e.scrollTop}:{},value(reveal,secret))}";

    /**
     * {@link #STATE} after waiting two animation frames, with {@code stable}: the box did not move over those frames
     * (a page that paints no frame within 250 ms is not stable), and {@code inView}: the centre of its visible part is
     * inside the viewport (an element outside it is off-screen, not covered).
     */
    static final String ACTIONABILITY = "async function(reveal,secret){"
            + TEXT_OR_ELEMENT
            + CHECKS + SHA256 + VALUE
            + "const frame=()=>new Promise(ok=>{let done=false;const t=setTimeout(()=>{if(!done){done=true;ok(false)}},250);"
            + "requestAnimationFrame(()=>{if(!done){done=true;clearTimeout(t);ok(true)}})});"
            + "const b0=box(),f1=await frame(),f2=await frame(),b=box();"
            + "const stable=f1&&f2&&b0.every((v,i)=>Math.abs(v-b[i])<=0.25);"
            + "return Object.assign({connected:e.isConnected,visible:visible(),enabled:enabled(),stable,"
            + "editable:editable(),inView:inView(),receives:receives(false),active:document.activeElement===e,"
            + "x:b[0]+scrollX,y:b[1]+scrollY,width:b[2],height:b[3]},value(reveal,secret))}";

    /**
     * Starts watching the page for changes to what the node's accessibility fingerprint is read from; the effect
     * function checks it ({@link #UNCHANGED}) in the same call that acts, so a page that renames a button between the
     * fingerprint check and the activation is caught. The watch lives in the isolated world, out of the page's reach.
     */
    static final String WATCH = "async function(){const e=this;"
            + "if(!(e instanceof Node))return{watching:false};"
            + "const old=globalThis.__praefectusWatch;if(old)old.observer.disconnect();"
            + "const related=[];if(e instanceof Element){"
            + "for(const a of ['aria-labelledby','aria-describedby']){const v=e.getAttribute(a);"
            + "if(v)for(const id of v.split(/\\s+/)){const n=document.getElementById(id);if(n)related.push(n)}}"
            + "if(e.labels)for(const l of e.labels)related.push(l)}"
            + "const sheet=n=>n&&(n.nodeName==='STYLE'||n.nodeName==='LINK'||n.nodeName==='HEAD'"
            + "||n.parentNode&&n.parentNode.nodeName==='STYLE');"
            + "const inside=n=>e.contains(n)||related.some(r=>r.contains(n));"
            + "const relevant=r=>{const t=r.target;if(inside(t)||sheet(t))return true;"
            + "if(r.type==='attributes'&&t.contains(e))return true;"
            + "for(const n of [...r.addedNodes,...r.removedNodes])if(sheet(n)||n.contains&&n.contains(e))return true;"
            + "return false};"
            // the callback sees every record delivered before the effect; takeRecords() the ones still queued
            + "const w={node:e,related,relevant,changed:false};"
            + "w.observer=new MutationObserver(rs=>{if(rs.some(relevant))w.changed=true});"
            + "w.observer.observe(document,{subtree:true,childList:true,attributes:true,characterData:true});"
            + "globalThis.__praefectusWatch=w;"
            // Chromium updates its accessibility tree in a frame's lifecycle, not at each DOM change: only after a
            // whole frame has passed since the watch began does the tree read next describe a DOM the watch covers
            + "const frame=()=>new Promise(ok=>{let done=false;const t=setTimeout(()=>{if(!done){done=true;ok(false)}},250);"
            + "requestAnimationFrame(()=>{if(!done){done=true;clearTimeout(t);ok(true)}})});"
            + "const framed=await frame()&&await frame();return{watching:framed}}";

    /**
     * An expression (no node): the document's deepest element nesting and its longest text node, walked without
     * recursion and without copying any text.
     */
    static final String PAGE_SHAPE = "(()=>{let longest=0,deepest=0;"
            + "const stack=document.documentElement?[[document.documentElement,1]]:[];"
            + "while(stack.length){const [n,d]=stack.pop();if(d>deepest)deepest=d;"
            + "for(let c=n.firstChild;c;c=c.nextSibling){if(c.nodeType===3){if(c.length>longest)longest=c.length}"
            + "else if(c.nodeType===1)stack.push([c,d+1])}}return{longest,deepest}})()";

    /**
     * Called without a node (in the isolated world's global scope): resolves {@code {changed:true}} at the first
     * mutation of the document (a node added or removed, an attribute, a text), {@code {changed:false}} when
     * {@code quiet} milliseconds pass without one. What {@code wait_for} waits on between two readings; the observer
     * lives in the isolated world, so the page can neither see nor stop it.
     */
    static final String AWAIT_CHANGE = "function(quiet){return new Promise(ok=>{let t=0;"
            + "const o=new MutationObserver(()=>{o.disconnect();clearTimeout(t);ok({changed:true})});"
            + "o.observe(document,{subtree:true,childList:true,attributes:true,characterData:true});"
            + "t=setTimeout(()=>{o.disconnect();ok({changed:false})},quiet)})}";

    /** Whether the node can scroll one step in each direction, with its current offsets. */
    static final String SCROLL_STATE = "function(){const e=this;"
            + "if(!(e instanceof Element)||!e.isConnected)return{connected:false};"
            + CHECKS
            + "const s=getComputedStyle(e),sx=['auto','scroll','overlay'].includes(s.overflowX),"
            + "sy=['auto','scroll','overlay'].includes(s.overflowY);"
            + "return{connected:true,visible:visible(),enabled:enabled(),receives:receives(true),"
            + "up:sy&&e.scrollTop>0,down:sy&&e.scrollTop+e.clientHeight<e.scrollHeight,"
            + "left:sx&&e.scrollLeft>0,right:sx&&e.scrollLeft+e.clientWidth<e.scrollWidth}}";

    /**
     * The one activation: checks that nothing the fingerprint depends on changed, re-checks the node synchronously,
     * then runs the element's own HTML activation ({@code HTMLElement.prototype.click}, the DOM method, not pointer
     * input) exactly once. An option of a {@code <select>} has no activation of its own: it is chosen as a plain click
     * would choose it (the only selected option), then the select fires {@code input} and {@code change}.
     */
    static final String INVOKE = "function(){const e=this;"
            + "if(!(e instanceof HTMLElement)||!e.isConnected)return{eligible:false};"
            + CHECKS
            + UNCHANGED
            + "if(!visible()||!enabled()||!receives(false))return{eligible:false};"
            + "if(e instanceof HTMLOptionElement){const s=e.closest('select');"
            + "if(!s||s.disabled||e.disabled)return{eligible:false};"
            + "for(const o of s.options)o.selected=o===e;"
            + "s.dispatchEvent(new Event('input',{bubbles:true}));s.dispatchEvent(new Event('change',{bubbles:true}));"
            + "return{eligible:true,option:true,selected:e.selected}}"
            + "HTMLElement.prototype.click.call(e);return{eligible:true}}";

    /**
     * Arms a pointer click or hover on the node: in the same call that checks the fingerprint's watch and the node's
     * actionability, returns the centre of its visible part (viewport coordinates) and starts a guard in the isolated
     * world that records, for each mouse event that follows, whether it landed on the node (or inside it); an event
     * that lands elsewhere (the page moved something under the point after this call) is stopped and recorded, so the
     * click is never reported as the fenced node's. {@link #POINTER_HITS} reads and ends the guard.
     */
    static final String POINTER_ARM = "function(){const e=this;"
            + "if(!(e instanceof HTMLElement)||!e.isConnected)return{eligible:false};"
            + CHECKS
            + UNCHANGED
            + "if(!visible()||!enabled()||!receives(false))return{eligible:false};"
            + "const old=globalThis.__praefectusPointer;if(old)old.stop();"
            + "const g={hits:0,misses:0};const types=['mousemove','mouseover','mousedown','mouseup','click','dblclick','auxclick','contextmenu'];"
            + "const seen=ev=>{if(ev.composedPath().includes(e)){g.hits++}else{g.misses++;ev.preventDefault();"
            + "ev.stopImmediatePropagation()}};"
            + "for(const t of types)window.addEventListener(t,seen,true);"
            + "g.stop=()=>{for(const t of types)window.removeEventListener(t,seen,true)};"
            + "globalThis.__praefectusPointer=g;const v=shown();"
            + "return{eligible:true,x:(v[0]+v[2])/2,y:(v[1]+v[3])/2}}";

    /** Ends {@link #POINTER_ARM}'s guard: how many mouse events landed on the node, and how many elsewhere. */
    static final String POINTER_HITS = "function(){const g=globalThis.__praefectusPointer;"
            + "globalThis.__praefectusPointer=null;if(!g)return{hits:0,misses:0,armed:false};g.stop();"
            + "return{hits:g.hits,misses:g.misses,armed:true}}";

    /**
     * The one scroll: sets this node's own offset on one axis by one step, never an ancestor's, and reports the
     * offset before, intended and after.
     */
    static final String SCROLL = "function(axis,delta){const e=this;"
            + "if(!(e instanceof Element)||!e.isConnected)return{eligible:false};"
            + CHECKS
            + UNCHANGED
            + "const s=getComputedStyle(e),x=axis==='x',"
            + "allowed=['auto','scroll','overlay'].includes(x?s.overflowX:s.overflowY),"
            + "before=x?e.scrollLeft:e.scrollTop,"
            + "max=x?Math.max(0,e.scrollWidth-e.clientWidth):Math.max(0,e.scrollHeight-e.clientHeight),"
            + "intended=Math.min(max,Math.max(0,before+delta));"
            + "if(!visible()||!enabled()||!receives(true)||!allowed||!Number.isFinite(before)||intended===before)"
            + "return{eligible:false};"
            + "if(x)e.scrollLeft=intended;else e.scrollTop=intended;"
            + "return{eligible:true,before,intended,after:x?e.scrollLeft:e.scrollTop}}";

    /**
     * The check before a file input is given files (the files themselves are set by the browser,
     * {@code DOM.setFileInputFiles}, right after): nothing the fingerprint is read from changed, and the input is
     * visible, enabled and receives events.
     */
    static final String FILE_CHECK = "function(count){const e=this;"
            + "if(!(e instanceof HTMLInputElement)||e.type!=='file'||!e.isConnected)return{eligible:false};"
            + "if(count>1&&!e.multiple)return{eligible:false};"
            + CHECKS
            + UNCHANGED
            + "if(!visible()||!enabled()||!receives(false))return{eligible:false};return{eligible:true}}";

    /** The names of the files a file input holds, one per line. */
    static final String FILE_NAMES = "function(){const e=this;"
            + "if(!(e instanceof HTMLInputElement)||e.type!=='file')return{files:null};"
            + "return{files:[...e.files].map(f=>f.name).join('\\n')}}";

    /**
     * The one page scroll, on the document root: sets the document's own scrolling element's offset on one axis by
     * one step and reports the offset before, intended and after.
     */
    static final String PAGE_SCROLL = "function(axis,delta){const d=this;"
            + "if(!(d instanceof Document)||!d.scrollingElement)return{eligible:false};"
            + "const e=d.scrollingElement,x=axis==='x',before=x?e.scrollLeft:e.scrollTop,"
            + "max=x?Math.max(0,e.scrollWidth-e.clientWidth):Math.max(0,e.scrollHeight-e.clientHeight),"
            + "intended=Math.min(max,Math.max(0,before+delta));"
            + "if(!Number.isFinite(before)||intended===before)return{eligible:false};"
            + "if(x)e.scrollLeft=intended;else e.scrollTop=intended;"
            + "return{eligible:true,before,intended,after:x?e.scrollLeft:e.scrollTop}}";

    /**
     * The one value change: re-checks the node, sets the value through the element type's own setter (so
     * frameworks that track the value see it) and fires {@code input} and {@code change}. On a {@code <select>} the
     * value is the label of the one enabled option to choose (the page's select_option); its read-back is the chosen
     * option's label.
     */
    static final String SET_VALUE = "function(v){const e=this;"
            + "if(!(e instanceof HTMLElement)||!e.isConnected)return{eligible:false};"
            + CHECKS
            + UNCHANGED
            + "if(!visible()||!editable())return{eligible:false};"
            + "if(select){const o=[...e.options].filter(o=>o.label===v&&!o.disabled);if(o.length!==1)return{eligible:false};"
            + "for(const x of e.options)x.selected=x===o[0];}"
            + "else if(textInput)Object.getOwnPropertyDescriptor(HTMLInputElement.prototype,'value').set.call(e,v);"
            + "else if(e instanceof HTMLTextAreaElement)"
            + "Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype,'value').set.call(e,v);"
            + "else e.textContent=v;"
            + "e.dispatchEvent(new InputEvent('input',{bubbles:true,inputType:'insertReplacementText'}));"
            + "e.dispatchEvent(new Event('change',{bubbles:true}));return{eligible:true}}";

    /**
     * Gives the node keyboard focus before page-addressed key input (the input itself is the browser's, sent to this
     * page right after): checks that nothing the fingerprint is read from changed, that the node is visible, enabled
     * and receives events, focuses it and reports whether it holds the focus. With {@code text} (typing) the node must
     * be an editable text field: with {@code clear} its value is emptied through its own setter first, the caret goes
     * to the end, and the hash of the value the typing should leave is returned, so the executor can prove it.
     */
    static final String FOCUS = "function(clear,text){const e=this;"
            + "if(!(e instanceof HTMLElement)||!e.isConnected)return{eligible:false};"
            + CHECKS
            + SHA256
            + UNCHANGED
            + "if(!visible()||!enabled()||!receives(false))return{eligible:false};"
            + "const field=textInput||e instanceof HTMLTextAreaElement;"
            + "if(text!==null&&!(field&&editable()))return{eligible:false};"
            + "e.focus({preventScroll:true});if(document.activeElement!==e)return{eligible:true,focused:false};"
            + "if(text===null)return{eligible:true,focused:true};"
            + "if(clear&&e.value!==''){Object.getOwnPropertyDescriptor(Object.getPrototypeOf(e),'value').set.call(e,'');"
            + "e.dispatchEvent(new InputEvent('input',{bubbles:true,inputType:'deleteContentBackward'}))}"
            + "try{e.setSelectionRange(e.value.length,e.value.length)}catch(x){}"
            + "const b=new TextEncoder().encode(e.value+text);"
            + "return{eligible:true,focused:document.activeElement===e,expectedHash:sha256(b),expectedLength:b.length}}";
}
