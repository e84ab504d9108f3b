# The state of each sent day moves from PayrollDaySync onto its current PayrollSyncLine.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('sync', '0001_initial'),
        ('workforce', '0001_initial'),
    ]

    operations = [
        migrations.DeleteModel(
            name='PayrollDaySync',
        ),
        migrations.AddField(
            model_name='payrollsyncline',
            name='fingerprint',
            field=models.CharField(default='', max_length=64),
        ),
        migrations.AddField(
            model_name='payrollsyncline',
            name='is_current',
            field=models.BooleanField(default=True),
        ),
        migrations.AddIndex(
            model_name='payrollsyncline',
            index=models.Index(fields=['employee', 'date', 'is_current'], name='sync_payrol_employe_76b2d6_idx'),
        ),
    ]
