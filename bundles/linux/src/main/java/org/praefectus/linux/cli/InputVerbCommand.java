package org.praefectus.linux.cli;

import java.util.List;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.resident.ResidentHost;

/**
 * One PeekabooX input verb as a command over the {@link DesktopService}: its flags are parsed by {@link InputFlags},
 * its effect is signed by the resident host when one is bound (or shown with {@code --dry-run}). Each verb's component is a subclass that
 * names it; the host reference below is inherited by all of them (bnd's {@code -dsannotations-options: inherit}).
 */
abstract class InputVerbCommand implements CliCommand {

    /* Not private: DS injects a superclass field only when the component class may access it (same package). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile ResidentHost host;

    private final String name;
    private final DesktopService desktop;

    InputVerbCommand(String name, DesktopService desktop) {
        this.name = name;
        this.desktop = desktop;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String summary() {
        return InputSummaries.of(name);
    }

    @Override
    public final Object run(List<String> arguments) throws CliCommandException {
        return InputFlags.run(name, desktop, host, arguments);
    }
}
