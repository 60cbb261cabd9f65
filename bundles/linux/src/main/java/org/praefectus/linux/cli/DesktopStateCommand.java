package org.praefectus.linux.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.desktop.DesktopWindow;
import org.praefectus.linux.desktop.ElementFinder;
import org.praefectus.linux.desktop.ElementScope;
import org.praefectus.linux.desktop.WindowDirectory;

/**
 * {@code desktop-state [--limit N]}: PeekabooX's {@code GetDesktopState} — the windows, the active window
 * and the active window's elements (with their observation tags) in one answer.
 */
@Component(service = CliCommand.class)
@Command(DesktopStateCommand.NAME)
public final class DesktopStateCommand implements CliCommand {

    static final String NAME = "desktop-state";

    private final WindowDirectory windows;
    private final ElementFinder elements;

    @Activate
    public DesktopStateCommand(@Reference DesktopSession session) {
        this.windows = new WindowDirectory(session.executor());
        this.elements = session.elements();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "desktop-state [--limit N]: windows, the active window and its elements in one answer";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, Set.of("limit"), Set.of());
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage("desktop-state takes no positional arguments");
        }
        int limit = flags.integer("limit", 0, 0, 100_000);
        CancellationToken cancellation = new CancellationToken();
        long deadline = ObservationCommands.deadline();
        WindowDirectory.Listing listing = windows.list("auto", cancellation, deadline);
        DesktopWindow active = listing.windows().stream()
                .filter(DesktopWindow::focused)
                .findFirst()
                .orElse(null);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("active_window", active);
        data.put("windows", listing.windows());
        List<String> warnings = new java.util.ArrayList<>(listing.warnings());
        Object found = List.of();
        if (active != null && active.accessible()) {
            try {
                ElementFinder.Found result = elements.find(
                        Selector.any(), new ElementScope(null, null, active.id()), limit, cancellation, deadline);
                found = result.elements();
                warnings.addAll(result.warnings());
            } catch (ExecutorException e) {
                warnings.add("elements: " + e.getMessage());
            }
        } else {
            warnings.add(active == null ? "there is no active window" : "the active window has no accessibility");
        }
        data.put("elements", found);
        data.put("backend_name", listing.backend());
        data.put("warnings", warnings);
        return data;
    }
}
