package org.praefectus.api.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Component property type that publishes a service's methods as Gogo shell commands ({@code osgi.command.scope},
 * {@code osgi.command.function}), for the CLI and every bundle that adds shell commands beside it. Written here
 * rather than taken from Felix Gogo, whose own annotation requires the Gogo runtime to resolve.
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface GogoCommand {

    String PREFIX_ = "osgi.command.";

    /** The command scope, typed before the colon: {@code praefectus:capabilities}. */
    String scope();

    /** The public methods Gogo may call. */
    String[] function();
}
