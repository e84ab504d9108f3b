import postcss from 'postcss';
import { classMatcher, purge } from './purge-bootstrap';

// A client that imports a scrollable Modal, outline buttons and a tone built by a template; the library
// text is the part of react-bootstrap that builds those classes.
const own = [
  `<Modal scrollable show={open}><Button variant="outline-danger" size="sm">Hapus</Button></Modal>
   <span className={\`text-\${tone}\`} />
   <div className="d-flex gap-2 btn-group">`,
];
const library = [
  `const prefix = useBootstrapPrefix(bsPrefix, 'btn');
   className: classNames(prefix, variant && \`\${prefix}-\${variant}\`, size && \`\${prefix}-\${size}\`)`,
  `bsPrefix = useBootstrapPrefix(bsPrefix, 'modal');
   const dialogClass = \`\${bsPrefix}-dialog\`;
   classNames(dialogClass, scrollable && \`\${dialogClass}-scrollable\`, centered && \`\${dialogClass}-centered\`)`,
];

function purged(css: string): string {
  const root = postcss.parse(css);
  purge(root, classMatcher({ own, library }));
  return root.toString().replace(/\s+/g, ' ').trim();
}

describe('purgeBootstrap', () => {
  const used = classMatcher({ own, library });

  it('keeps the classes the sources name, build by a template or have a component build', () => {
    for (const name of ['d-flex', 'gap-2', 'btn', 'btn-outline-danger', 'btn-sm', 'text-danger', 'text-muted']) {
      expect(used(name), name).toBe(true);
    }
    expect(used('modal-dialog-scrollable')).toBe(true);
    expect(used('modal-dialog-centered')).toBe(true);
  });

  it('keeps the classes set at run time whatever the sources say', () => {
    for (const name of ['fade', 'show', 'collapsing', 'modal-backdrop', 'bs-tooltip-top', 'is-invalid']) {
      expect(used(name), name).toBe(true);
    }
  });

  it('drops what nothing names: other components, breakpoints and variants', () => {
    for (const name of ['carousel', 'carousel-item', 'd-md-none', 'btn-outline-info', 'btn-lg', 'offset-3', 'modal-dialog-fullscreen']) {
      expect(used(name), name).toBe(false);
    }
  });

  it('removes the rules and selectors of dropped classes and keeps element rules, variables and keyframes', () => {
    const css = `:root{--bs-blue:#0d6efd}
      body{margin:0}
      .carousel{position:relative}
      .btn-sm,.btn-lg{padding:1px}
      .btn-group>.btn:not(.dropdown-toggle){border-radius:0}
      @media (min-width:768px){.d-md-none{display:none}}
      @keyframes spinner-border{to{transform:rotate(360deg)}}`;
    const out = purged(css);
    expect(out).toContain(':root{--bs-blue:#0d6efd}');
    expect(out).toContain('body{margin:0}');
    expect(out).not.toContain('carousel');
    expect(out).toContain('.btn-sm{padding:1px}');
    expect(out).not.toContain('btn-lg');
    // A class inside :not() is not needed for the rule to apply.
    expect(out).toContain('.btn-group>.btn:not(.dropdown-toggle)');
    // An emptied media query goes with its rules.
    expect(out).not.toContain('@media');
    expect(out).toContain('@keyframes spinner-border');
  });
});
