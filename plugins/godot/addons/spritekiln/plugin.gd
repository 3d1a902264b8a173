@tool
extends EditorPlugin
## Adds the Spritekiln dock and registers its two editor settings. The server URL and the API key
## live in EditorSettings (per user, per machine), never in project.godot, so a key is not committed
## with the project.

const Dock := preload("dock.gd")

var dock: Control


func _enter_tree() -> void:
	_register_settings()
	dock = Dock.new()
	dock.plugin = self
	# add_control_to_dock works from Godot 4.2 to 4.6 (4.6 adds EditorDock/add_dock beside it).
	add_control_to_dock(DOCK_SLOT_RIGHT_UL, dock)


func _exit_tree() -> void:
	if dock:
		remove_control_from_docks(dock)
		dock.queue_free()
		dock = null


func _register_settings() -> void:
	var settings := EditorInterface.get_editor_settings()
	var defaults := {
		Dock.SETTING_URL: [Dock.DEFAULT_URL, PROPERTY_HINT_NONE],
		# PASSWORD shows the key masked in Editor Settings.
		Dock.SETTING_KEY: ["", PROPERTY_HINT_PASSWORD],
	}
	for setting_name in defaults:
		var value: String = defaults[setting_name][0]
		if not settings.has_setting(setting_name):
			settings.set_setting(setting_name, value)
		settings.set_initial_value(setting_name, value, false)
		settings.add_property_info({"name": setting_name, "type": TYPE_STRING, "hint": defaults[setting_name][1]})
