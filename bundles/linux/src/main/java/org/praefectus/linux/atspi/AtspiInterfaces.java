package org.praefectus.linux.atspi;

import java.util.List;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * The AT-SPI2 D-Bus interfaces the executor calls, as dbus-java proxies. Method names are the D-Bus member
 * names, which is why they are capitalised; parameters are boxed because asynchronous calls look the
 * method up by the arguments' runtime classes.
 */
public final class AtspiInterfaces {

    private AtspiInterfaces() {}

    /** {@code org.a11y.atspi.Accessible}. */
    @DBusInterfaceName("org.a11y.atspi.Accessible")
    public interface Accessible extends DBusInterface {
        List<ObjectRef> GetChildren();

        String GetRoleName();

        UInt32 GetRole();

        List<UInt32> GetState();

        List<String> GetInterfaces();

        Integer GetIndexInParent();

        ObjectRef GetChildAtIndex(Integer index);
    }

    /** {@code org.a11y.atspi.Action}. */
    @DBusInterfaceName("org.a11y.atspi.Action")
    public interface Action extends DBusInterface {
        List<ActionInfo> GetActions();

        Boolean DoAction(Integer index);
    }

    /** {@code org.a11y.atspi.Component}; coordinate type 0 is screen coordinates. */
    @DBusInterfaceName("org.a11y.atspi.Component")
    public interface Component extends DBusInterface {
        Extents GetExtents(UInt32 coordType);

        Boolean GrabFocus();
    }

    /** {@code org.a11y.atspi.Text}. */
    @DBusInterfaceName("org.a11y.atspi.Text")
    public interface Text extends DBusInterface {
        String GetText(Integer startOffset, Integer endOffset);

        Boolean SetSelection(Integer selectionNum, Integer startOffset, Integer endOffset);

        Boolean AddSelection(Integer startOffset, Integer endOffset);

        Integer GetNSelections();

        SelectionRange GetSelection(Integer selectionNum);

        Boolean SetCaretOffset(Integer offset);
    }

    /** {@code org.a11y.atspi.EditableText}. */
    @DBusInterfaceName("org.a11y.atspi.EditableText")
    public interface EditableText extends DBusInterface {
        Boolean SetTextContents(String newContents);

        /** Inserts {@code text} ({@code length} in UTF-8 bytes, as ATK counts it) at character {@code position}. */
        Boolean InsertText(Integer position, String text, Integer length);
    }

    /**
     * {@code org.a11y.atspi.Selection}: a combo box, a list or a table selects one of its children by their index.
     */
    @DBusInterfaceName("org.a11y.atspi.Selection")
    public interface Selection extends DBusInterface {
        Boolean SelectChild(Integer childIndex);

        Boolean IsChildSelected(Integer childIndex);

        ObjectRef GetSelectedChild(Integer selectedChildIndex);

        Boolean ClearSelection();
    }

    /** {@code org.a11y.atspi.Table}: a GTK table selects whole rows, which its Selection cannot (#36). */
    @DBusInterfaceName("org.a11y.atspi.Table")
    public interface Table extends DBusInterface {
        Integer GetRowAtIndex(Integer index);

        Integer GetColumnAtIndex(Integer index);

        Boolean AddRowSelection(Integer row);

        ObjectRef GetAccessibleAt(Integer row, Integer column);
    }

    /** {@code org.freedesktop.DBus.Properties}: AT-SPI keeps some values (the caret offset) as properties. */
    @DBusInterfaceName("org.freedesktop.DBus.Properties")
    public interface Properties extends DBusInterface {
        Variant<?> Get(String interfaceName, String propertyName);

        java.util.Map<String, Variant<?>> GetAll(String interfaceName);

        void Set(String interfaceName, String propertyName, Variant<?> value);
    }

    /** {@code org.a11y.atspi.Application}, at the root object of every application. */
    @DBusInterfaceName("org.a11y.atspi.Application")
    public interface Application extends DBusInterface {
        String GetApplicationBusAddress();
    }

    /** {@code org.a11y.atspi.Cache}, at {@value #PATH} of every application. */
    @DBusInterfaceName("org.a11y.atspi.Cache")
    public interface Cache extends DBusInterface {
        String PATH = "/org/a11y/atspi/cache";

        List<CacheItem> GetItems();
    }

    /** {@code org.a11y.atspi.Registry}, at {@value #PATH} of {@value #BUS_NAME}. */
    @DBusInterfaceName("org.a11y.atspi.Registry")
    public interface Registry extends DBusInterface {
        String BUS_NAME = "org.a11y.atspi.Registry";
        String PATH = "/org/a11y/atspi/registry";
        String ROOT_PATH = "/org/a11y/atspi/accessible/root";

        void RegisterEvent(String event, List<String> properties, String appBusName);
    }
}
