# Excerpt of source/controlTypes/isCurrent.py in nvaccess/nvda at 7d7bc14667e6b192b8016616cccdb9477a441b3d:
# only the aria-current words, unchanged.
# GNU General Public License version 2 or later, see ../../LICENSE.

_isCurrentLabels: Dict[IsCurrent, str] = {
	IsCurrent.NO: "",  # There is nothing extra to say for items that are not current.
	# Translators: Presented when an item is marked as current in a collection of items
	IsCurrent.YES: _("current"),
	# Translators: Presented when a page item is marked as current in a collection of page items
	IsCurrent.PAGE: _("current page"),
	# Translators: Presented when a step item is marked as current in a collection of step items
	IsCurrent.STEP: _("current step"),
	# Translators: Presented when a location item is marked as current in a collection of location items
	IsCurrent.LOCATION: _("current location"),
	# Translators: Presented when a date item is marked as current in a collection of date items
	IsCurrent.DATE: _("current date"),
	# Translators: Presented when a time item is marked as current in a collection of time items
	IsCurrent.TIME: _("current time"),
}
