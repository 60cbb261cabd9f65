package org.praefectus.linux.atspi;

import java.util.Arrays;
import java.util.List;

/**
 * Reads a reply's body as dbus-java takes it off the wire (a struct is an {@code Object[]}, an array a
 * {@code List}), for the replies an observation reads by the dozen. dbus-java's own conversion to the declared
 * types reflects over every struct and took a fifth of the observing thread's samples (JFR, a zenity entry). A
 * reply of another shape fails here with a {@link RuntimeException}, which the caller reports as the backend
 * being unavailable.
 *
 * @param <T> the decoded value
 */
@FunctionalInterface
interface ReplyBody<T> {

    T decode(Object[] body);

    /** A struct member: dbus-java extracts a struct as an array of its members. */
    static Object[] struct(Object value) {
        return (Object[]) value;
    }

    /** An array member, as a list whether dbus-java kept it a list or made it an array. */
    static List<?> array(Object value) {
        return value instanceof Object[] elements ? Arrays.asList(elements) : (List<?>) value;
    }
}
