package org.praefectus.linux.cli;

/** The one-line {@code help} of each input verb. */
final class InputSummaries {

    private InputSummaries() {}

    static String of(String verb) {
        return switch (verb) {
            case "click" ->
                "click --x X --y Y | --to x,y | --selector S | --text T | --window-title T --ratio rx,ry"
                        + " [--button B] [--clamp] [--dry-run]: a signed click";
            case "move" ->
                "move --x X --y Y | --to x,y | --relative dx,dy | --region R --ratio rx,ry [--dry-run]"
                        + " | --current-position: a signed pointer move";
            case "drag" ->
                "drag --from x,y | --from-current | --selector S  --to x,y | --to-ratio rx,ry"
                        + " [--region R] [--dry-run]: a signed drag";
            case "scroll" ->
                "scroll --direction up|down|left|right [--amount N (1-100 wheel steps, default 1)]"
                        + " [--x X --y Y | --selector S | --window-title T --ratio rx,ry] [--dry-run]:"
                        + " a signed scroll (where the pointer is without an aim)";
            case "type" ->
                "type [--selector S] TEXT | --text T | --stdin | --file F [--paste] [--dry-run]:"
                        + " signed typing (set_value into an editable selector target)";
            case "paste" ->
                "paste [--selector S] TEXT | --text T | --stdin | --file F [--preserve-clipboard"
                        + " [--restore-policy strict|best-effort|off]]"
                        + " [--dry-run]: a signed clipboard paste";
            case "hotkey" ->
                "hotkey CHORD [--repeat N] [--interval-ms N] [--delay-ms N] [--dry-run]: a signed key chord";
            default -> verb;
        };
    }
}
