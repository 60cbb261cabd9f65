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
     * An expression (no node): the document's deepest element nesting, its longest text node and how many elements it
     * has, walked without recursion and without copying any text.
     */
    private static final String PAGE_SHAPE = "(()=>{let longest=0,deepest=0,elements=0;"
            + "const stack=document.documentElement?[[document.documentElement,1]]:[];"
            + "while(stack.length){const [n,d]=stack.pop();elements++;if(d>deepest)deepest=d;"
            + "for(let c=n.firstChild;c;c=c.nextSibling){if(c.nodeType===3){if(c.length>longest)longest=c.length}"
            + "else if(c.nodeType===1)stack.push([c,d+1])}}return{longest,deepest,elements}})()";

    /**
     * {@link #PAGE_SHAPE} and, when {@code names} and unless that shape is beyond {@code maxDepth} or {@code maxText}
     * (the page is then read element by element), {@link #NAMES}, in one evaluation: {@code {shape, names}}, names
     * absent when not asked and {@code null} when the pass failed. One round trip to the renderer fewer than asking
     * the shape first.
     */
    static String shapeAndNames(int maxDepth, int maxText, boolean names) {
        if (!names) {
            return "({shape:" + PAGE_SHAPE + "})";
        }
        return "(()=>{const shape=" + PAGE_SHAPE + ";if(shape.deepest>" + maxDepth + "||shape.longest>" + maxText
                + ")return{shape};let names=null;try{names=" + NAMES + "}catch(e){}return{shape,names}})()";
    }

    /**
     * Evaluated in a frame's isolated world (no node, no argument): the page's own roles and accessible names for
     * {@link InPageNames} (#39). Walks the document's elements in the DOM snapshot's order (open shadow roots before
     * the light children; frames are documents of their own) and answers {@code [count, hash, excluded, entries]}:
     * how many elements it walked and a hash of their tags in order (the join with the snapshot), the indices of the
     * subtrees the accessibility tree ignores (inert, {@code aria-hidden}, outside an open modal dialog), and per kept
     * element seven values: its index, role (empty: not certain, read from the tree), name, states as bits, heading
     * or list item level, the UTF-8 length of a text field's value (never a password field's, never the value), and a
     * link's or an image's URL or a {@code <select>}'s chosen option's label (the page's own text; one named by
     * aria-label is left to the tree).
     * The name rules are a subset of accname 1.2 (aria-labelledby to plain text, aria-label, a label, content of plain
     * inline text, alt, title, placeholder); anything else (a label holding another control, a line break, generated
     * content, text-transform, custom elements, ambiguous table headers) is left to the tree.
     */
    static final String NAMES = """
(()=>{const U={};const modal=document.querySelector('dialog:modal');
const ws=s=>s.replace(/[ \\t\\n\\r\\f]+/g,' ').trim();
const INLINE=new Set(['SPAN','B','I','EM','STRONG','SMALL','CODE','ABBR','MARK','U','S','SUB','SUP','TIME','KBD','BDI','CITE','DFN','VAR','SAMP','DATA','A','LABEL']);
const FROM_CONTENT=new Set(['button','link','heading','checkbox','radio','option','tab','menuitem','menuitemcheckbox','menuitemradio','switch','cell','gridcell','columnheader','rowheader','treeitem']);
const EXPLICIT=new Set(['button','link','checkbox','radio','tab','menuitem','menuitemcheckbox','menuitemradio','switch','option','heading','dialog','alertdialog','alert','status','navigation','main','banner','contentinfo','complementary','search','tablist','tabpanel','menu','menubar','list','listitem','group','toolbar','textbox','searchbox','row','cell','gridcell','table','paragraph','article']);
const TEXTLIKE={'':'textbox',text:'textbox',email:'textbox',tel:'textbox',url:'textbox',password:'textbox',search:'searchbox',number:'spinbutton',checkbox:'checkbox',radio:'radio',button:'button',submit:'button',reset:'button',range:'slider',file:'button'};
const dataTables=new Map();const dataTable=b=>{if(!b||b.hasAttribute('role'))return false;let d=dataTables.get(b);if(d===undefined){d=!!b.querySelector('thead,th');dataTables.set(b,d)}return d};
const SECTIONING=e=>e.parentElement&&e.parentElement.closest('article,aside,main,nav,section');
const implicit=e=>{const t=e.tagName;switch(t){
case 'A':return e.hasAttribute('href')?'link':null;case 'BUTTON':return 'button';
case 'INPUT':{const y=(e.getAttribute('type')||'').toLowerCase();if(y==='hidden')return null;if(y==='image')return U;
if(e.hasAttribute('list'))return U;return TEXTLIKE[y]||U}
case 'SELECT':return e.multiple||e.size>1?U:'combobox';case 'TEXTAREA':return 'textbox';
case 'H1':case 'H2':case 'H3':case 'H4':case 'H5':case 'H6':return 'heading';
case 'MAIN':return 'main';case 'NAV':return 'navigation';case 'FORM':return 'form';case 'ARTICLE':return 'article';
case 'ASIDE':return SECTIONING(e)?U:'complementary';case 'HEADER':return SECTIONING(e)?U:'banner';
case 'FOOTER':return SECTIONING(e)?U:'contentinfo';
case 'SECTION':return e.hasAttribute('aria-label')||e.hasAttribute('aria-labelledby')||e.hasAttribute('title')?U:null;
case 'UL':case 'OL':case 'MENU':return 'list';case 'LI':{const p=e.parentElement;return p&&['UL','OL','MENU'].includes(p.tagName)&&!p.hasAttribute('role')?'listitem':U}
case 'P':return e.firstElementChild||ws(e.textContent||'')?'paragraph':U;
case 'OPTION':{const b=e.closest('select');return b&&(b.multiple||b.size>1)?U:null}
case 'DIALOG':return 'dialog';case 'TABLE':return e.querySelector('thead,th')&&!e.caption?'table':U;
case 'TR':return dataTable(e.closest('table'))?'row':U;
case 'TD':return dataTable(e.closest('table'))?'cell':U;
case 'TH':{const b=e.closest('table');if(!b||b.hasAttribute('role'))return U;const sc=(e.getAttribute('scope')||'').toLowerCase();
return e.parentElement&&e.parentElement.parentElement&&e.parentElement.parentElement.tagName==='THEAD'||sc==='col'?'columnheader':sc==='row'?'rowheader':U}
case 'IMG':return e.getAttribute('alt')?'image':U;
case 'IFRAME':case 'FIELDSET':case 'DETAILS':case 'SUMMARY':case 'PROGRESS':case 'METER':case 'OUTPUT':case 'CANVAS':case 'VIDEO':case 'AUDIO':
case 'OBJECT':case 'EMBED':case 'FIGURE':case 'HR':case 'DL':case 'DT':case 'DD':case 'BLOCKQUOTE':case 'CAPTION':case 'LEGEND':return U;
case 'svg':return e.querySelector('title')||e.hasAttribute('aria-label')||e.hasAttribute('role')?U:null}
if(t.includes('-'))return U;return null};
const role=e=>{const r=e.getAttribute('role');if(r!==null){const first=r.trim().toLowerCase().split(/\\s+/)[0];
if(first==='')return implicit(e);if(first==='listitem'){const p=e.parentElement;return p&&(p.getAttribute('role')==='list'||!p.hasAttribute('role')&&['UL','OL','MENU'].includes(p.tagName))?'listitem':U}return EXPLICIT.has(first)&&!(first==='row'||first==='cell'||first==='gridcell'||first==='table')?first:U}
if(e.isContentEditable&&e.contentEditable==='true')return U;return implicit(e)};
const inline=c=>getComputedStyle(c).display==='inline';
const desc=(c,d)=>{if(d>8||c.shadowRoot)throw U;if(c.getAttribute('aria-hidden')==='true')return '';
const s=getComputedStyle(c);if(s.display==='none')return '';
if(s.visibility!=='visible'||s.textTransform!=='none'||c.hasAttribute('role')||c.hasAttribute('aria-labelledby'))throw U;
const l=c.getAttribute('aria-label');const sp=s.display==='inline'?'':' ';if(l&&l.trim())return sp+l+sp;
if(c.tagName==='BUTTON')return ' '+content(c,d+1)+' ';if(c.tagName==='IMG'){const a=c.getAttribute('alt');if(a===null)throw U;return sp+a+sp}
if(!INLINE.has(c.tagName)||s.display!=='inline')throw U;return content(c,d+1)};
const content=(e,d)=>{let s='';for(let c=e.firstChild;c;c=c.nextSibling){if(c.nodeType===3)s+=c.data;else if(c.nodeType===1)s+=desc(c,d)}return s};
const labelled=e=>{const ids=e.getAttribute('aria-labelledby');if(ids===null)return null;const parts=[];
for(const id of ids.trim().split(/\\s+/)){const r=id&&document.getElementById(id);if(!r)continue;
const l=r.getAttribute('aria-label');if(l&&l.trim()){parts.push(l.trim());continue}
if(r.firstElementChild)throw U;parts.push(ws(r.textContent||''))}
const n=ws(parts.join(' '));if(!n)throw U;return n};
const labels=e=>{let s='';for(const l of e.labels){for(let c=l.firstChild;c;c=c.nextSibling){if(c===e)continue;
if(c.nodeType===3)s+=c.data;else if(c.nodeType===1){if(c.contains(e))throw U;s+=desc(c,1)}}s+=' '}return ws(s)};
const name=(e,r)=>{const by=labelled(e);if(by!==null)return by;const al=e.getAttribute('aria-label');if(al&&al.trim())return al.trim();
const t=e.tagName;const title=e.getAttribute('title');
if(t==='INPUT'||t==='TEXTAREA'||t==='SELECT'){const y=(e.getAttribute('type')||'').toLowerCase();
if(t==='INPUT'&&(y==='button'||y==='submit'||y==='reset')){const v=e.getAttribute('value');if(v===null)throw U;return ws(v)||(title?ws(title):'')}
if(t==='INPUT'&&y==='file')throw U;
if(e.labels&&e.labels.length){const n=labels(e);if(n)return n}const ph=e.getAttribute('placeholder');
if(title&&ph&&ws(title)!==ws(ph))throw U;return ws(title||ph||'')}
if(r==='image')return ws(e.getAttribute('alt')||'');
if(FROM_CONTENT.has(r)){const n=ws(content(e,0));if(n)return n}
return title?ws(title):''};
const focused=document.hasFocus()?document.activeElement:null;
const tri=v=>v==='true'?1:v==='mixed'?2:v==='false'?3:0;
const states=(e,r)=>{let f=0;const t=e.tagName;
if((t==='INPUT'||t==='BUTTON'||t==='SELECT'||t==='TEXTAREA')&&e.matches(':disabled')||e.closest('[aria-disabled="true"]'))f|=1;
if((t==='INPUT'||t==='TEXTAREA')&&e.readOnly)f|=2;if((t==='INPUT'||t==='TEXTAREA'||t==='SELECT')&&e.required||e.getAttribute('aria-required')==='true')f|=4;
if(focused===e)f|=8;
if(t==='DIALOG'&&e.matches(':modal')||e.getAttribute('aria-modal')==='true'&&(r==='dialog'||r==='alertdialog'))f|=16;
let ck=0;if(t==='INPUT'&&(e.type==='checkbox'||e.type==='radio'))ck=e.indeterminate?2:e.checked?1:3;else if(r==='checkbox'||r==='radio'||r==='switch'||r==='menuitemcheckbox'||r==='menuitemradio')ck=tri(e.getAttribute('aria-checked')||'false');
let pr=r==='button'?tri(e.getAttribute('aria-pressed')):0;
const sel=e.getAttribute('aria-selected');if(r==='tab'&&sel!==null&&sel!=='true')throw U;
let se=r==='option'?(sel==='true'?1:2):r==='tab'&&sel==='true'?1:0;
const ex=e.getAttribute('aria-expanded');let xp=t==='SELECT'?2:ex==='true'?1:ex==='false'?2:0;
return f|ck<<5|pr<<7|se<<9|xp<<11};
const up=e=>e.parentElement||(e.parentNode instanceof ShadowRoot?e.parentNode.host:null);
const level=(e,r)=>{if(r==='listitem'){if(e.hasAttribute('aria-level'))throw U;let l=0;
for(let p=up(e);p;p=up(p)){const t=p.tagName;if(p.hasAttribute('role')){if(p.getAttribute('role')==='list')l++;
else if(t==='UL'||t==='OL'||t==='MENU')throw U}else if(t==='UL'||t==='OL'||t==='MENU')l++}return l||1}
if(r!=='heading')return 0;const l=parseInt(e.getAttribute('aria-level'),10);if(l>0)return l;
const m=/^H([1-6])$/.exec(e.tagName);return m?Number(m[1]):2};
const encoder=new TextEncoder();const bytes=s=>encoder.encode(s).length;
const chosen=e=>{const o=e.selectedOptions[0];if(!o)return '';if(o.hasAttribute('aria-label'))throw U;return o.label};
const valueLength=(e,r)=>{const t=e.tagName;if(t==='TEXTAREA')return bytes(e.value);
if(t==='INPUT'&&(r==='textbox'||r==='searchbox'||r==='spinbutton'||r==='slider')&&e.type!=='password')return bytes(e.value);return -1};
const out=[];let count=0,hash=0x811c9dc5;
const mix=s=>{for(let i=0;i<s.length;i++){hash^=s.charCodeAt(i);hash=Math.imul(hash,0x01000193)}hash^=44;hash=Math.imul(hash,0x01000193)};
const excluded=[];const stack=document.documentElement?[[document.documentElement,false]]:[];
while(stack.length){const [e,above]=stack.pop();const ord=count++;mix(e.tagName.toUpperCase());
const x=above||e.hasAttribute('inert')||e.getAttribute('aria-hidden')==='true'||!!modal&&!modal.contains(e)&&!e.contains(modal);
if(x&&!above)excluded.push(ord);
if(!x){let r;try{r=role(e)}catch(u){r=U}
if(r===U)out.push(ord,'','',0,0,-1,'');else if(r!==null){let n,s=0,o='',v=0;try{n=name(e,r);s=states(e,r);v=level(e,r);
o=r==='link'?e.href:r==='image'&&e.tagName==='IMG'?e.src:e.tagName==='SELECT'?chosen(e):''}catch(u){n=U}
if(n===U)out.push(ord,'','',0,0,-1,'');else out.push(ord,r,n,s,v,valueLength(e,r),o)}}
const kids=[];const slotted=e.tagName==='SLOT'?e.assignedElements():[];
if(e.shadowRoot)for(let c=e.shadowRoot.firstElementChild;c;c=c.nextElementSibling)kids.push(c);
else if(slotted.length||e.tagName==='SLOT'&&e.assignedNodes().length)kids.push(...slotted);
else if(e.tagName!=='TEMPLATE')for(let c=e.firstElementChild;c;c=c.nextElementSibling)kids.push(c);
for(let i=kids.length-1;i>=0;i--)stack.push([kids[i],x])}
return [count,hash|0,excluded,out]})()""";

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
