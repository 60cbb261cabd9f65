package org.praefectus.linux.cli;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.Selector;

/**
 * {@code select}: the item named {@code --item} of the list, table, tree or combo box a selector finds becomes its
 * selection, through the typed service's {@code select} verb (signed as the container's {@code set_value} of the
 * item's name by the resident host, or shown with {@code --dry-run}); its outcome is answered as the input verbs'.
 */
@Component(service = CliCommand.class)
@Command(SelectCommand.NAME)
public final class SelectCommand implements CliCommand {

    static final String NAME = "select";

    /* Not private: the desktop tests give a command their own host, as DS gives it the runtime's. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile ResidentHost host;

    private final DesktopService desktop;

    @Activate
    public SelectCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "select --selector S --item NAME [--app A] [--window-title T] [--window-id ID] [--dry-run]:"
                + " the signed selection of a list's, table's, tree's or combo box's item";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Set<String> valued = new HashSet<>(SelectorFlags.options());
        valued.add("item");
        Options flags = Options.parse(NAME, arguments, valued, Set.of("dry-run"));
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage(NAME + " takes no positional arguments (use --item)");
        }
        Selector selector = SelectorFlags.selector(flags);
        if (selector == null) {
            throw CliCommandException.usage(NAME + " needs --selector (or a split selector flag) for the list");
        }
        String item = flags.value("item");
        if (item == null || item.isEmpty()) {
            throw CliCommandException.usage(NAME + " needs --item, the name of the item to select");
        }
        InputRequest request =
                InputRequest.selected(NAME, selector, SelectorFlags.scope(flags), item, flags.has("dry-run"));
        return InputFlags.dispatch(desktop, host, request, List.of());
    }
}
