/// The console's one style sheet, served at /console.css (the Content-Security-Policy allows no
/// inline style). Status colours match the PDF register's; each cell also carries its code, so
/// the grid reads in greyscale and for colour-blind readers. Printing drops the navigation and
/// lays the register out landscape.
enum ConsoleStyle {
    static let css = """
        :root { --p:#2e7d32; --l:#1565c0; --hd:#ef6c00; --a:#c62828; --m:#6a1b9a; --lv:#00796b; --h:#9e9e9e; --wo:#bdbdbd; }
        * { box-sizing: border-box; }
        body { font-family: "Noto Sans", "DejaVu Sans", sans-serif; margin: 0; color: #1b1b1b; background: #fafafa; }
        header { background: #263238; color: #fff; padding: .5rem 1rem; display: grid; grid-template-columns: 1fr auto; align-items: center; gap: .4rem 1rem; }
        header .office { margin: 0; font-weight: bold; }
        nav { grid-column: 1 / -1; grid-row: 2; }
        nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: .3rem 1rem; margin: 0; padding: 0; }
        nav a { color: #fff; text-decoration: none; }
        nav a[aria-current] { text-decoration: underline; font-weight: bold; }
        .logout { grid-column: 2; grid-row: 1; display: flex; gap: .5rem; align-items: center; }
        main { padding: 1rem; }
        h1 { font-size: 1.4rem; margin-top: 0; }
        table { border-collapse: collapse; background: #fff; }
        th, td { border: 1px solid #ccc; padding: .25rem .4rem; text-align: left; }
        .scroll { overflow-x: auto; }
        .grid td.cell { text-align: center; padding: 0; min-width: 2rem; }
        .grid td.cell a { display: block; padding: .25rem 0; color: inherit; text-decoration: none; }
        .grid th.day { text-align: center; font-size: .8rem; }
        .grid th.off { background: #eee; }
        .grid tbody td:nth-child(2) { white-space: nowrap; }
        .hours td.cell { min-width: 3.5rem; } .hours td.cell a { padding: .25rem .4rem; text-align: right; }
        .hours td.total { text-align: right; font-weight: bold; }
        .st-p { background: var(--p); color: #fff; } .st-l { background: var(--l); color: #fff; }
        .st-hd { background: var(--hd); color: #000; } .st-a { background: var(--a); color: #fff; }
        .st-m { background: var(--m); color: #fff; } .st-lv { background: var(--lv); color: #fff; }
        .st-h { background: var(--h); color: #000; } .st-wo { background: var(--wo); color: #000; }
        .st-in { background: #a5d6a7; color: #000; } .st-none { background: #fff; color: #555; }
        tr.voided td { color: #777; text-decoration: line-through; }
        tr.voided td:last-child { text-decoration: none; }
        select { font: inherit; padding: .3rem; }
        .status { display: inline-block; padding: .4rem 1rem; border-radius: .2rem; font-weight: bold; }
        .legend span { display: inline-block; padding: .1rem .5rem; margin: .1rem; border-radius: .2rem; }
        .flagged .code { display: inline-block; min-width: 2.2em; text-align: center; border-radius: .2rem; }
        .figures td { text-align: right; }
        .notice { padding: .5rem 1rem; border-left: 4px solid var(--l); background: #e3f2fd; }
        .problem { padding: .5rem 1rem; border-left: 4px solid var(--a); background: #ffebee; }
        .done { padding: .5rem 1rem; border-left: 4px solid var(--p); background: #e8f5e9; }
        form.inline { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
        form.stacked { max-width: 32rem; }
        form.stacked label { margin: .4rem 0; }
        form.stacked input:not([type=checkbox]), form.stacked select { display: block; width: 100%; }
        fieldset { border: 1px solid #ccc; margin: .5rem 0; padding: .3rem .8rem; }
        .details th { text-align: left; }
        .details td { text-align: left; }
        label { display: block; font-size: .9rem; }
        input, button { font: inherit; padding: .3rem .5rem; }
        .login { max-width: 22rem; }
        .login label { margin-top: .5rem; }
        .board { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; }
        .board section { background: #fff; border: 1px solid #ddd; padding: .5rem 1rem; }
        .board h2 { font-size: 1.1rem; }
        .calendar td { vertical-align: top; width: 3.5rem; height: 3rem; }
        .calendar td a { display: block; color: inherit; text-decoration: none; font-weight: bold; }
        .calendar .date { font-size: .75rem; display: block; font-weight: normal; }
        @media print {
          @page { size: landscape; margin: 1cm; }
          header, form, .noprint { display: none; }
          body { background: #fff; }
          .grid td.cell { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }
        """
}
